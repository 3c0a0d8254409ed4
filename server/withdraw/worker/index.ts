/**
 * The payout worker (docs/foundations.md §7 Payouts, §7b), the withdraw domain's background part: one step
 * at a time, queued withdrawals leave the hot wallet exactly once. How, and why each rule is there:
 * ./README.md. The parts: the wallet (wallet.ts), what is read of the chain (chain.ts, history.ts), signing
 * (sign.ts), an open batch's next step (resume.ts) and its outcomes (outcomes.ts), bounces (bounces.ts).
 */
import { refundBouncedPayouts } from './bounces';
import type { PayoutDeps } from './types';
import { openBatch } from '../queries';
import { signNext } from './sign';
import { resume } from './resume';
import type { PayoutStepResult } from './types';

export { BOUNCED_PAYOUT } from './bounces';
export type { HighloadHotWallet, HotWallet, PayoutDeps, PayoutNode, SeqnoHotWallet } from './types';
export { createHotWallet, hotWalletBalanceReader, hotWalletFromMnemonic, normalizedMessageHash } from './wallet';
export type { HotWalletBalanceReader } from './wallet';
export type { PayoutStepResult } from './types';

/**
 * One unit of payout work at `now` (unix seconds): resume the wallet's open batch (send, confirm, expire,
 * hold or re-sign it); or else, every payout confirmed, refund those that bounced since the last read; or
 * else sign the next one from the queue. Returns what it did.
 */
export async function runPayoutStep(p: PayoutDeps, now: number): Promise<PayoutStepResult> {
  const batch = await openBatch(p.deps.db, p.wallet.address.toRawString());
  if (batch) return resume(p, batch, now);
  const { refunded } = await refundBouncedPayouts(p);
  if (refunded.length > 0) return { kind: 'bounced', withdrawals: refunded };
  return signNext(p, now);
}
