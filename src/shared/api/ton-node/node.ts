import { createEffect } from 'effector';
import { appConfig } from '../../config';
import { createTonNodeClient } from './client';

/** The app's TON node (SPEC §7): the dev chain in sandbox, a public node in production. */
export const tonNode = createTonNodeClient({ url: appConfig.tonNodeUrl });

/**
 * Balance of an account in nanotons (decimal string), read with getAddressInformation (issue #3):
 * it also says the account's state, and an unsupported one is an error (SPEC §8), not a balance.
 */
export const getAddressBalanceFx = createEffect(
  async (address: string) => (await tonNode.getAddressInformation(address)).balance,
);
