/**
 * Why the payout worker waits, holds a batch, queues it again or fails a withdrawal, as a stable code and
 * its figures (docs/operations.md "Payout reasons"): the console words each code in the operator's language
 * (console/entities/payout-reason), the CLI in English (server/withdraw/reasons.ts), and amounts go through
 * the one formatter there. Amounts are nanotons as decimal text, seqnos and times whole numbers, a highload
 * query id decimal text. A node's own error text is the node's, carried as it came (`node_error`).
 * Rows written before the codes carry their English text only (the wire's `error` / `reason`).
 */
import { z } from 'zod';

const nanotons = z.string().regex(/^\d{1,20}$/);
const seqno = z.number().int().nonnegative();
const queryId = z.string().regex(/^\d{1,20}$/);
const none = z.object({});

/**
 * Why the wallet's history since a batch was signed could not be read whole: longer than the worker reads
 * (`limit` transactions), the node's answers not chaining up, or a node behind the batch.
 */
export const historyGapSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('too_many'), limit: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('broken_chain') }),
  z.object({ kind: z.literal('node_behind') }),
]);

export const payoutReasonSchema = z.discriminatedUnion('code', [
  /** Queued: the hot wallet's balance is short of the oldest withdrawal plus fees. */
  z.object({ code: z.literal('hot_wallet_short'), params: z.object({ balance: nanotons, needed: nanotons }) }),
  /** The node refused the batch's transfer; its own words. */
  z.object({ code: z.literal('node_refused'), params: z.object({ node_error: z.string().max(500) }) }),
  /** Failed: the transfer went through without this payment. */
  z.object({ code: z.literal('skipped_on_chain'), params: none }),
  /** Failed: the recipient refused it, the TON came back and the tokens were returned. */
  z.object({ code: z.literal('bounced'), params: none }),
  /** A batch is held and nothing more specific is noted. */
  z.object({ code: z.literal('batch_held'), params: none }),
  /** A seqno wallet still at `seqno` after valid_until, the transfer in no transaction read: lost, or a node behind. */
  z.object({ code: z.literal('seqno_unmoved'), params: z.object({ seqno }) }),
  /** The seqno moved past the batch's, but the history since it was signed could not be read whole. */
  z.object({ code: z.literal('seqno_moved_unread'), params: z.object({ seqno, gap: historyGapSchema }) }),
  /** The seqno moved past the batch's without its transfer: signed again once valid_until has passed. */
  z.object({ code: z.literal('seqno_moved_waiting'), params: z.object({ seqno }) }),
  /** Queued again: the seqno moved past the batch's and no transaction since it was signed carries it. */
  z.object({ code: z.literal('seqno_moved_expired'), params: z.object({ seqno }) }),
  /** Still before valid_until + the margin: the worker waits it out. */
  z.object({ code: z.literal('expiry_margin'), params: none }),
  /** Sent as often as the worker sends: waiting for the chain. */
  z.object({ code: z.literal('sent_waiting'), params: none }),
  /** Queued again: a highload wallet accepted the query id but sent nothing. */
  z.object({ code: z.literal('query_sent_nothing'), params: z.object({ query_id: queryId }) }),
  /** A highload wallet accepted the query id; its payouts are not read yet. */
  z.object({ code: z.literal('query_accepted_unread'), params: z.object({ query_id: queryId }) }),
  /** A highload wallet reports the query id processed; its transaction is not read yet. */
  z.object({ code: z.literal('query_processed_unread'), params: z.object({ query_id: queryId }) }),
  /** Queued again: the chain's time passed the query's timeout and no transaction carries it. */
  z.object({
    code: z.literal('query_timed_out'),
    params: z.object({ query_id: queryId, chain_time: seqno, valid_until: seqno }),
  }),
  /** Held: the chain's time passed the query's timeout, but the history could not be read whole. */
  z.object({
    code: z.literal('query_timed_out_unread'),
    params: z.object({ query_id: queryId, gap: historyGapSchema }),
  }),
]);

export type HistoryGap = z.output<typeof historyGapSchema>;
export type PayoutReason = z.output<typeof payoutReasonSchema>;
export type PayoutReasonCode = PayoutReason['code'];
