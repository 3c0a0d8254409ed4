/**
 * The treasury watcher (docs/foundations.md §1, §4 Mint): reads the treasury's transactions from the TON node
 * (toncenter v2 getTransactions through @ton/ton's TonClient; the dev chain in the sandbox), records
 * each one once by hash, lets the mint service decide what it pays for, and hands a paid mint's payer
 * to staking (bonuses retuned) in the same transaction.
 *
 * Reading: getTransactions answers newest first. A poll reads pages back from the newest transaction
 * until it meets the last one already read (`treasury_cursor.last_lt`) or the start of history. When
 * more arrived than one poll reads, the position of the backward scan is saved and the next poll
 * continues it; only when the scan meets known ground does last_lt move up. Recording is by hash with
 * ON CONFLICT DO NOTHING in the same transaction as its effects, so reading a transaction twice (a
 * restart, a lost cursor, two processes) never credits it twice.
 */
import { Address, Cell, type Transaction, loadTransaction } from '@ton/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index';
import type { TonNetwork, TreasuryTransaction } from '@contract';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { formatUnits } from '../lib/money';
import { walletAppAddress } from '../lib/ton-address';
import { type PaymentOutcome, type TreasuryPayment, applyTreasuryPayment, likelyMints } from '../mint/service';
import { onMintPaid } from '../staking/service';
import {
  type CursorRow,
  markCursorRead,
  readCursor,
  recordTransactionOnce,
  saveCursor,
  secondsSinceRead,
  setOutcome,
  transactionsToReview,
  unresolvedCount,
} from './queries';

/**
 * The one node call the watcher needs. @ton/ton's TonClient fits as it is (its transactions come
 * parsed); so do test fakes that answer toncenter's raw JSON. A page from `lt`+`hash` includes that
 * transaction (`inclusive: true`, toncenter's own behaviour).
 */
export interface TreasuryNode {
  getTransactions(
    address: Address,
    options: { limit: number; lt?: string; hash?: string; inclusive?: boolean },
  ): Promise<unknown[]>;
}

export interface NodeTransaction extends TreasuryPayment {
  lt: bigint;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface TreasuryWatcherOptions {
  deps: Pick<Deps, 'db' | 'bus' | 'config'>;
  node: TreasuryNode;
  /** Unix seconds now. */
  clock: () => number;
  log: Log;
  pageSize: number;
  maxPagesPerPoll: number;
  /**
   * Told after every poll how far the processed transactions are behind the newest one read from the
   * node, in seconds of their times (utime): 0 when the poll read back to known ground; during a backward
   * scan, the newest transaction's time minus that of the newest below which all are processed (the one
   * at last_lt; before this process saw that one, the oldest the scan has read: then at least that far).
   * Not told after a poll that never read the top of the history in this process (a scan left by
   * another process or before a restart).
   */
  onLag?: ((seconds: number) => void) | undefined;
}

export interface PollResult {
  /** Transactions newly recorded in this poll, by outcome. */
  recorded: Partial<Record<PaymentOutcome, number>>;
  /** Pages fetched from the node. */
  pages: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text comment of a message body cell (op 0 + snake string), or null. */
function commentOfBody(body: Cell): string | null {
  const slice = body.beginParse();
  if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return null;
  try {
    return slice.loadStringTail();
  } catch {
    return null;
  }
}

/** A parsed Transaction (TonClient's, or toncenter's `data` cell) → what the watcher needs. */
function fromTransaction(parsed: Transaction, base: { hash: string; lt: bigint; utime: number }): NodeTransaction {
  const message = parsed.inMessage;
  if (!message || message.info.type !== 'internal') {
    return { ...base, source: null, amount: 0n, comment: null, bounced: false };
  }
  const description = parsed.description;
  // A bounceable payment the account refused goes back to the sender: it never stayed here.
  const refused = description.type === 'generic' && description.aborted && description.bouncePhase?.type === 'ok';
  return {
    ...base,
    source: message.info.src.toString({ urlSafe: true, bounceable: true }),
    amount: message.info.value.coins,
    comment: commentOfBody(message.body),
    bounced: message.info.bounced || refused,
  };
}

const isParsedTransaction = (value: unknown): value is Transaction =>
  isObject(value) && typeof value.lt === 'bigint' && typeof value.hash === 'function' && isObject(value.description);

/**
 * A node's transaction → what the watcher needs: @ton/ton's parsed Transaction (TonClient), or
 * toncenter's raw.transaction, whose Transaction cell in `data` is the authority (value, sender, bounce
 * flag, comment) and whose JSON fields are the fallback when a node leaves it out. Null when the
 * transaction cannot be identified (no lt/hash).
 */
export function parseNodeTransaction(raw: unknown): NodeTransaction | null {
  if (isParsedTransaction(raw)) {
    return fromTransaction(raw, { hash: raw.hash().toString('base64'), lt: raw.lt, utime: raw.now });
  }
  if (!isObject(raw) || !isObject(raw.transaction_id)) return null;
  const { lt, hash } = raw.transaction_id;
  if (typeof lt !== 'string' || !/^\d+$/.test(lt) || typeof hash !== 'string' || hash === '') return null;
  const utime = typeof raw.utime === 'number' ? raw.utime : 0;
  const base = { hash, lt: BigInt(lt), utime };

  if (typeof raw.data === 'string' && raw.data !== '') {
    try {
      return fromTransaction(loadTransaction(Cell.fromBase64(raw.data).beginParse()), base);
    } catch {
      // fall through to the JSON fields
    }
  }

  const inMsg = isObject(raw.in_msg) ? raw.in_msg : null;
  const source = inMsg && typeof inMsg.source === 'string' && inMsg.source !== '' ? inMsg.source : null;
  const value = inMsg && typeof inMsg.value === 'string' && /^\d+$/.test(inMsg.value) ? BigInt(inMsg.value) : 0n;
  let comment: string | null = null;
  const data = inMsg && isObject(inMsg.msg_data) ? inMsg.msg_data : null;
  if (data?.['@type'] === 'msg.dataText' && typeof data.text === 'string') {
    comment = Buffer.from(data.text, 'base64').toString('utf8');
  } else if (data?.['@type'] === 'msg.dataRaw' && typeof data.body === 'string' && data.body !== '') {
    try {
      comment = commentOfBody(Cell.fromBase64(data.body));
    } catch {
      comment = null;
    }
  } else if (!data && inMsg && typeof inMsg.message === 'string' && inMsg.message !== '') {
    comment = inMsg.message;
  }
  return { ...base, source, amount: value, comment, bounced: inMsg?.bounced === true };
}

/**
 * Records a transfer into the treasury that is its own funding, not a payment (the sandbox's faucet
 * deploying its treasury), inside the transaction that made it: the watcher then finds it recorded and
 * neither applies nor reports it.
 */
export async function recordTreasuryFunding(q: Queryable, tx: Omit<NodeTransaction, 'bounced'>): Promise<void> {
  await recordTransactionOnce(q, tx);
}

export interface TreasuryWatcher {
  /** One poll: read what is new, record and apply it. */
  poll(): Promise<PollResult>;
}

export function createTreasuryWatcher(options: TreasuryWatcherOptions): TreasuryWatcher {
  const { deps, node, clock, log } = options;
  if (!deps.config.treasuryAddress) throw new Error('The treasury watcher needs TREASURY_ADDRESS');
  const treasury = Address.parse(deps.config.treasuryAddress);
  const cursorKey = treasury.toRawString();
  const limit = Math.max(2, options.pageSize);

  async function processOne(tx: NodeTransaction, result: PollResult): Promise<void> {
    const outcome = await inTransaction(deps.db, deps.bus, async (q) => {
      if (!(await recordTransactionOnce(q, tx))) return null;
      const now = clock();
      const applied = await applyTreasuryPayment(deps, q, tx, now);
      // Payment applied → bonuses retuned, in the same transaction: the paid TON moves the payer's
      // investment bonus and the stakes carrying it.
      if (applied.paidBy !== null) await onMintPaid(q, applied.paidBy, now);
      await setOutcome(q, tx.hash, applied.outcome, applied.mintId);
      return applied;
    });
    if (!outcome) return;
    result.recorded[outcome.outcome] = (result.recorded[outcome.outcome] ?? 0) + 1;
    const details = {
      hash: tx.hash,
      lt: tx.lt.toString(),
      source: tx.source,
      nanotons: tx.amount.toString(),
      comment: tx.comment,
      mintId: outcome.mintId,
    };
    // A payment is news; a transaction that moves no payment (the wallet's own deploy, an outgoing
    // transfer) is recorded (treasury_transactions) and not logged: every start logged the sandbox's.
    if (outcome.outcome === 'credited') log.info({ ...details, outcome: outcome.outcome }, 'treasury transaction');
    else if (outcome.outcome === 'not_payment') return;
    else log.warn({ ...details, outcome: outcome.outcome }, 'treasury transaction needs an operator');
  }

  // Times of the newest transaction read at the top of the history and of the one at last_lt when this
  // process moved it there (null: not seen by this process), for onLag.
  let topUtime: number | null = null;
  let doneUtime: number | null = null;
  let scanOldestUtime: number | null = null;

  return {
    async poll() {
      const result: PollResult = { recorded: {}, pages: 0 };
      let cursor: CursorRow = await readCursor(deps.db, cursorKey);
      const known = (lt: bigint) => cursor.last_lt !== null && lt <= cursor.last_lt;

      while (result.pages < options.maxPagesPerPoll) {
        const scanning = cursor.scan_lt !== null && cursor.scan_hash !== null && cursor.scan_top_lt !== null;
        const raw = await node.getTransactions(
          treasury,
          scanning ? { limit, lt: String(cursor.scan_lt), hash: cursor.scan_hash ?? '', inclusive: true } : { limit },
        );
        result.pages++;
        const page: NodeTransaction[] = [];
        for (const item of raw) {
          const parsed = parseNodeTransaction(item);
          if (parsed) page.push(parsed);
          else log.error({ transaction: item }, 'treasury transaction without lt/hash skipped');
        }
        const newest = page[0];
        if (!scanning && newest) topUtime = newest.utime;
        const topLt = scanning ? (cursor.scan_top_lt as bigint) : newest?.lt;
        if (topLt === undefined || (!scanning && known(topLt))) break; // nothing new

        const fresh = page.filter((tx) => !known(tx.lt));
        // oldest first, so a mint paid twice is credited by the earlier payment
        for (const tx of [...fresh].reverse()) await processOne(tx, result);

        const oldest = page[page.length - 1];
        const reachedKnown = fresh.length < page.length;
        const endOfHistory = raw.length < limit || !oldest;
        if (reachedKnown || endOfHistory) {
          cursor = { last_lt: topLt, scan_lt: null, scan_hash: null, scan_top_lt: null };
          await saveCursor(deps.db, cursorKey, cursor);
          doneUtime = topUtime;
          break;
        }
        cursor = { last_lt: cursor.last_lt, scan_lt: oldest.lt, scan_hash: oldest.hash, scan_top_lt: topLt };
        await saveCursor(deps.db, cursorKey, cursor);
        scanOldestUtime = oldest.utime;
      }
      // Read from the node without failing: the time every process sees (the operator's overview).
      await markCursorRead(deps.db, cursorKey);
      if (cursor.scan_lt === null) options.onLag?.(0);
      else if (topUtime !== null) options.onLag?.(Math.max(0, topUtime - (doneUtime ?? scanOldestUtime ?? topUtime)));
      return result;
    },
  };
}

// ---- the operator's view ------------------------------------------------------------------------------

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * A sender in the one form the app and wallet apps show (UQ…, 0Q… on testnet: server/lib/ton-address.ts
 * walletAppAddress), not the bounceable EQ… it is recorded in: what the operator sees matches the user's
 * screenshot (docs/decisions.md "Names and ids"). A text that is no address is shown as read.
 */
function shownSender(source: string | null, network: TonNetwork): string | null {
  if (!source) return source;
  try {
    return walletAppAddress(Address.parse(source), network);
  } catch {
    return source;
  }
}

/**
 * Treasury transactions that were not credited, for an operator (contract treasuryTransactions), each with
 * the mint it likely pays for: the one its comment names, else the one it was recorded against.
 */
export async function transactionsForOperator(
  deps: Pick<Deps, 'db' | 'config'>,
  includeResolved: boolean,
  limit: number,
): Promise<TreasuryTransaction[]> {
  const rows = await transactionsToReview(deps.db, includeResolved, limit);
  const mints = await likelyMints(deps.db, rows);
  return rows.map((row, i) => ({
    hash: row.hash,
    lt: row.lt.toString(),
    utime: seconds(row.utime),
    source: shownSender(row.source, deps.config.tonNetwork),
    amount_ton: formatUnits(row.amount_nanotons),
    comment: row.comment,
    outcome: row.outcome,
    mint_id: row.mint_id,
    likely_mint: mints[i] ?? null,
    recorded_at: seconds(row.recorded_at),
    resolved_at: row.resolved_at ? seconds(row.resolved_at) : null,
    resolution: row.resolution,
  }));
}

/** What the operator's overview tells of the treasury: transactions waiting, and how long since the watcher read. */
export async function treasuryWatch(
  deps: Pick<Deps, 'db' | 'config'>,
): Promise<{ waiting: number; secondsSinceRead: number | null }> {
  const address = deps.config.treasuryAddress;
  const [waiting, since] = await Promise.all([
    unresolvedCount(deps.db),
    address ? secondsSinceRead(deps.db, Address.parse(address).toRawString()) : Promise.resolve(null),
  ]);
  return { waiting, secondsSinceRead: since };
}
