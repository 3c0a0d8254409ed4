/**
 * The hot wallet's kind never changes by itself (docs/deploy.md, "Moving to another kind"). The address
 * payouts leave from follows HOT_WALLET_VERSION as well as the words, and the default moved from v4r2 to
 * v5r1: an existing deployment that never set HOT_WALLET_VERSION would otherwise start paying from an
 * empty v5r1 wallet and leave its v4r2 batch in flight. So, before the payout job's first step:
 *  - a batch still open on another wallet (signed, sent or held) → refused whatever the setting: its
 *    withdrawals are `sending` and only that wallet's worker can confirm or expire them;
 *  - the last batch signed by another wallet and HOT_WALLET_VERSION not set → refused: set it to the kind
 *    that paid (to keep it) or to the new one (to move, once the new address is funded);
 *  - otherwise (no batch yet, the same wallet, or a deliberate move with nothing open) → allowed.
 */
import type { Queryable } from '../../db/index';
import { otherHotWallets } from '../queries';
import type { HotWallet } from './types';

/** A payout run refused by the guard (the job counts it as failed; the reason is logged once). */
export class HotWalletKindRefused extends Error {}

/** Why payouts may not start from `wallet`, or null when they may. */
export async function hotWalletKindRefusal(
  db: Queryable,
  wallet: HotWallet,
  versionSet: boolean,
): Promise<string | null> {
  const { last, open } = await otherHotWallets(db, wallet.address.toRawString());
  if (open !== null) {
    return (
      `A payout batch of the hot wallet ${open} is still open, but payouts are configured to leave from ` +
      `${wallet.address.toRawString()} (${wallet.version}): set HOT_WALLET_VERSION (and HOT_WALLET_MNEMONIC) ` +
      'back to that wallet until it has no batch open (op payouts held, op payouts status)'
    );
  }
  if (last !== null && !versionSet) {
    return (
      `Payouts last left from the hot wallet ${last}, not from ${wallet.address.toRawString()} (the default ` +
      `${wallet.version}): set HOT_WALLET_VERSION to the kind that paid (v4r2 for a deployment older than the ` +
      'v5r1 default) to keep it, or to the new kind once its address is funded to move (docs/deploy.md)'
    );
  }
  return null;
}
