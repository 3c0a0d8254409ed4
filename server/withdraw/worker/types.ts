/**
 * The payout worker's inputs (index.ts runs it; bounces.ts and history.ts read with them): apart in a file
 * of their own so the worker's modules import them one way, with no import cycle among them.
 */
import type { Address, Cell, MessageRelaxed, StateInit } from '@ton/core';
import type { TonClient } from '@ton/ton';
import type { PayoutReason } from '@contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import type { HighloadWalletV3 } from './highload-v3';

/** The node calls the worker makes: @ton/ton's TonClient as it is (runMethod: a highload wallet's `processed?`). */
export type PayoutNode = Pick<TonClient, 'getContractState' | 'getTransactions' | 'sendFile' | 'runMethod'>;

interface HotWalletBase {
  address: Address;
  /** The state init that deploys it (sent with the first transfer of a wallet not yet active). */
  init: StateInit;
  /** Messages one transfer can carry: 4 (v4r2), 255 (v5r1), 254 (highload v3). */
  maxMessages: number;
}

/** A wallet whose transfers are ordered by a seqno (v4r2, v5r1): one transfer per seqno. */
export interface SeqnoHotWallet extends HotWalletBase {
  version: 'v4r2' | 'v5r1';
  /** The signed external body of a transfer (each message sent with `sendMode`, default pay fees apart + ignore errors). */
  transferBody(args: { seqno: number; validUntil: number; messages: MessageRelaxed[]; sendMode?: number }): Cell;
  /** The seqno in the deployed wallet's data cell (what its `seqno` get method answers). */
  seqnoOf(data: Cell): number;
}

/** Highload wallet v3 (highload-v3.ts): one transfer per query id, accepted within its timeout of created_at. */
export interface HighloadHotWallet extends HotWalletBase {
  version: 'highload-v3';
  highload: HighloadWalletV3;
}

/** The hot wallet as the worker uses it: its address and how it signs a transfer. */
export type HotWallet = SeqnoHotWallet | HighloadHotWallet;

/** A read's page size and the pages it takes at most. */
export interface HistoryPages {
  pageSize: number;
  maxPages: number;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface PayoutDeps {
  deps: Pick<Deps, 'db' | 'bus'>;
  node: PayoutNode;
  wallet: HotWallet;
  log: Log;
  /** Told the hot wallet's balance at every read of its state (the metrics: its last known balance). */
  onBalance?: ((nanotons: bigint) => void) | undefined;
  /** How the hot wallet's history is read (default PAYOUT_TX_PAGE_SIZE, PAYOUT_TX_MAX_PAGES; tests read in small pieces). */
  historyPages?: HistoryPages;
}

export type PayoutStepResult =
  | { kind: 'idle' }
  /** An operator holds payouts (setting payouts_paused): nothing new is signed. */
  | { kind: 'paused'; queued: number }
  /** Another worker opened a batch or took these withdrawals first: nothing done. */
  | { kind: 'busy' }
  | { kind: 'insufficient_balance'; balance: bigint; needed: bigint; withdrawals: number[] }
  | { kind: 'signed'; batchId: number; seqno: number; withdrawals: number[] }
  /** A held batch signed again with its own seqno, as an operator asked. */
  | { kind: 'resigned'; batchId: number; seqno: number; withdrawals: number[] }
  | { kind: 'sent'; batchId: number }
  | { kind: 'send_failed'; batchId: number; attempts: number; error: string }
  | { kind: 'confirmed'; batchId: number; txHash: string; completed: number[]; failed: number[] }
  /** `reason` in English (the logs'), `coded` as stored for the console (contract payout-reasons.ts). */
  | { kind: 'waiting'; batchId: number; reason: string; coded: PayoutReason }
  /** Neither found nor proven lost after valid_until: waits for an operator (or for the proof). */
  | { kind: 'held'; batchId: number; reason: string; coded: PayoutReason }
  | { kind: 'expired'; batchId: number; requeued: number[] }
  /** Payouts that came back bounced: failed, tokens returned (bounces.ts). */
  | { kind: 'bounced'; withdrawals: number[] };
