/**
 * Dev chain numbers in one place. Fees are not here: the TVM charges them from the chain config (tvm.ts).
 */
import { createHash } from 'node:crypto';
import { Address } from '@ton/core';

/**
 * Logical time advances by this much per block; every faucet payment and every accepted external
 * message is one block (with the transactions it causes), so a transaction's lt also tells which block it
 * belongs to (lt / LT_PER_BLOCK).
 */
export const LT_PER_BLOCK = 1_000_000n;

/** Largest balance a BIGINT column holds. */
export const MAX_NANOTONS = 2n ** 63n - 1n;

/** The virtual account faucet payments come from; it has no state and no transactions of its own. */
export const FAUCET_ADDRESS = new Address(-1, createHash('sha256').update('dev chain faucet').digest());

/** What the sandbox treasury is funded with on first start. */
export const SANDBOX_TREASURY_FUNDING = 1_000_000n * 10n ** 9n;

/** getTransactions: toncenter's default and maximum page size. */
export const DEFAULT_TRANSACTIONS_LIMIT = 10;
export const MAX_TRANSACTIONS_LIMIT = 100;
