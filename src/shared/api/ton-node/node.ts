import { createEffect } from 'effector';
import { appConfig } from '../../config';
import type { TonNodeClient } from './client';

let node: Promise<TonNodeClient> | null = null;

/**
 * The app's TON node (docs/product.md §7): the dev chain in sandbox, a public node in production. The client's
 * code is a chunk of its own, loaded on the first read (a wallet connects only after the first screen);
 * a chunk that failed to load is fetched again on the next read.
 */
export function loadTonNode(): Promise<TonNodeClient> {
  node ??= import('./client').then(
    ({ createTonNodeClient }) => createTonNodeClient({ url: appConfig.tonNodeUrl }),
    (error: unknown) => {
      node = null;
      throw error;
    },
  );
  return node;
}

/**
 * Balance of an account in nanotons (decimal string), read with getAddressInformation:
 * it also says the account's state, and an unsupported one is an error (docs/product.md §8), not a balance.
 */
export const getAddressBalanceFx = createEffect(
  async (address: string) => (await (await loadTonNode()).getAddressInformation(address)).balance,
);
