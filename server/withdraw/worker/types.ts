/**
 * The payout worker's inputs (index.ts runs it; bounces.ts and history.ts read with them): apart in a file
 * of their own so the worker's modules import them one way, with no import cycle among them.
 */
import type { Address, Cell, MessageRelaxed, StateInit } from '@ton/core';
import type { TonClient } from '@ton/ton';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps, HotWalletKeys } from '../../deps';

/** The node calls the worker makes: @ton/ton's TonClient as it is. */
export type PayoutNode = Pick<TonClient, 'getContractState' | 'getTransactions' | 'sendFile'>;

/** The hot wallet as the worker uses it: its address and how it signs a transfer. */
export interface HotWallet {
  version: HotWalletKeys['version'];
  address: Address;
  /** The state init that deploys it (sent with the first transfer of a wallet not yet active). */
  init: StateInit;
  /** Messages one transfer can carry: 4 (v4r2), 255 (v5r1). */
  maxMessages: number;
  /** The signed external body of a transfer (each message sent with `sendMode`, default pay fees apart + ignore errors). */
  transferBody(args: { seqno: number; validUntil: number; messages: MessageRelaxed[]; sendMode?: number }): Cell;
  /** The seqno in the deployed wallet's data cell (what its `seqno` get method answers). */
  seqnoOf(data: Cell): number;
}

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
