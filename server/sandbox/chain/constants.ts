/**
 * Dev chain numbers in one place. Fees are flat (they do not depend on message size) and sit in the
 * ballpark of a mainnet wallet v4r2 transfer: one simple transfer costs 0.005308 TON on top of its value.
 */
import { createHash } from 'node:crypto';
import { Address } from '@ton/core';

/** Importing an external message into the chain (toncenter's `in_fwd_fee`). */
export const EXTERNAL_IMPORT_FEE = 1_000_000n;
/** Gas a wallet v4r2 spends on one external message (deploy or transfer alike). */
export const WALLET_GAS_USED = 3_308n;
/** Nanotons per gas unit (the basechain price before the 2024 cut; keeps fees in the mainnet ballpark). */
export const GAS_PRICE = 1_000n;
export const WALLET_GAS_FEE = WALLET_GAS_USED * GAS_PRICE;
/**
 * Forwarding one outgoing internal message, paid by the sender. As on mainnet the message carries
 * two thirds of it as its `fwd_fee` and the remaining third is the sender's action fee.
 */
export const MESSAGE_FORWARD_FEE = 1_000_000n;
export const MESSAGE_FWD_FEE_CARRIED = 666_672n;
export const MESSAGE_ACTION_FEE = MESSAGE_FORWARD_FEE - MESSAGE_FWD_FEE_CARRIED;

/** Everything a sender pays for one external message carrying `messages` transfers. */
export function externalMessageFees(messages: number): {
  importFee: bigint;
  gasFee: bigint;
  forwardFees: bigint;
  total: bigint;
} {
  const forwardFees = MESSAGE_FORWARD_FEE * BigInt(messages);
  return {
    importFee: EXTERNAL_IMPORT_FEE,
    gasFee: WALLET_GAS_FEE,
    forwardFees,
    total: EXTERNAL_IMPORT_FEE + WALLET_GAS_FEE + forwardFees,
  };
}

/** Get methods are free on a node; toncenter still reports the gas they used. */
export const GET_METHOD_GAS_USED = 489;

/**
 * Logical time advances by this much per block; every faucet payment and every accepted external
 * message is one block, so a transaction's lt also tells which block it belongs to (lt / LT_PER_BLOCK).
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
