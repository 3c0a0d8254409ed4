import { createEffect } from 'effector';
import { appConfig } from '../../config';
import { createTonNodeClient } from './client';

/** The app's TON node (SPEC §7): the dev chain in sandbox, a public node in production. */
export const tonNode = createTonNodeClient({ url: appConfig.tonNodeUrl });

/** Balance of an account in nanotons (decimal string). */
export const getAddressBalanceFx = createEffect((address: string) => tonNode.getAddressBalance(address));
