/**
 * Dev wallet API shapes (sandbox only; its one client is server/sandbox/dev-wallet.js). Field names
 * follow the TON Connect protocol, which the browser script forwards as it received them.
 */
import { Address, Cell, type StateInit, loadStateInit } from '@ton/core';
import { z } from 'zod';
import { moneyInput } from '@contract';
import { clientIdSchema } from '../bridge/schemas';
import { MAX_FAUCET_NANOTONS, MAX_MESSAGES } from './constants';

const initData = z.string().min(1, 'init_data is required').max(8192);

export interface ParsedAddress {
  address: Address;
  /** The friendly form's flags; a raw address counts as bounceable (as wallets treat it) and testnet (ours is). */
  bounceable: boolean;
  testOnly: boolean;
}

export function parseAnyAddress(text: string): ParsedAddress {
  if (Address.isFriendly(text)) {
    const friendly = Address.parseFriendly(text);
    return { address: friendly.address, bounceable: friendly.isBounceable, testOnly: friendly.isTestOnly };
  }
  if (Address.isRaw(text)) return { address: Address.parseRaw(text), bounceable: true, testOnly: true };
  throw new Error('not an address');
}

const addressSchema = z
  .string()
  .max(100)
  .transform((text, ctx) => {
    try {
      return parseAnyAddress(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid address' });
      return z.NEVER;
    }
  });

/** One BOC with one root cell, base64 or base64url (the SDK normalises to base64). */
function bocCell(text: string): Cell {
  const cells = Cell.fromBoc(Buffer.from(text, 'base64'));
  if (cells.length !== 1 || !cells[0]) throw new Error('expected one root cell');
  return cells[0];
}

const payloadSchema = z
  .string()
  .max(16_384)
  .transform((text, ctx) => {
    try {
      return bocCell(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'payload must be a base64 BOC' });
      return z.NEVER;
    }
  });

const stateInitSchema = z
  .string()
  .max(65_536)
  .transform((text, ctx): StateInit => {
    try {
      return loadStateInit(bocCell(text).beginParse());
    } catch {
      ctx.addIssue({ code: 'custom', message: 'stateInit must be a base64 BOC of a StateInit' });
      return z.NEVER;
    }
  });

const noExtraCurrency = z
  .record(z.string(), z.unknown())
  .optional()
  .refine((value) => value === undefined || Object.keys(value).length === 0, 'Extra currencies are not supported');

const messageSchema = z.object({
  address: addressSchema,
  amount: z
    .string()
    .regex(/^\d{1,30}$/, 'amount must be a whole number of nanotons')
    .transform((text) => BigInt(text))
    .refine((amount) => amount > 0n, 'amount must be positive'),
  payload: payloadSchema.optional(),
  stateInit: stateInitSchema.optional(),
  extra_currency: noExtraCurrency,
});

/** The SendTransaction request as the SDK sends it to a wallet (JSON in `params[0]`). */
export const transactionRequestSchema = z.object({
  /** Unix seconds (a wallet v4 transfer carries it as a uint32). */
  valid_until: z
    .number()
    .positive()
    .max(0xffff_ffff, 'valid_until must be unix time in seconds')
    .transform((seconds) => Math.floor(seconds)),
  messages: z
    .array(messageSchema)
    .min(1, 'messages must not be empty')
    .max(MAX_MESSAGES, `at most ${MAX_MESSAGES} messages`),
  from: addressSchema.optional(),
  network: z.string().max(16).optional(),
});
export type TransactionRequest = z.output<typeof transactionRequestSchema>;

export const walletQuerySchema = z.strictObject({ init_data: initData });

export const connectBodySchema = z.strictObject({
  init_data: initData,
  manifest_url: z.url({ protocol: /^https?$/ }).max(2048),
  items: z
    .array(
      z.discriminatedUnion('name', [
        z.object({ name: z.literal('ton_addr') }),
        z.object({
          name: z.literal('ton_proof'),
          // The SDK caps the proof payload at 128 bytes.
          payload: z
            .string()
            .refine((text) => Buffer.byteLength(text, 'utf8') <= 128, 'payload is longer than 128 bytes'),
        }),
      ]),
    )
    .min(1)
    .max(4)
    .refine((items) => items.some((item) => item.name === 'ton_addr'), 'items must ask for ton_addr'),
});
export type ConnectBody = z.output<typeof connectBodySchema>;

export const sendBodySchema = z.strictObject({ init_data: initData, request: transactionRequestSchema });
export type SendBody = z.output<typeof sendBodySchema>;

/** The launcher's hot wallet tools: drain it down to `keep` TON, or top it up by `amount` TON. */
export const hotWalletDrainSchema = z.strictObject({
  keep: moneyInput.refine((nanotons) => nanotons <= MAX_FAUCET_NANOTONS, 'keep is too large').default(0n),
});
export const hotWalletTopUpSchema = z.strictObject({
  amount: moneyInput
    .refine((nanotons) => nanotons > 0n, 'amount must be positive')
    .refine((nanotons) => nanotons <= MAX_FAUCET_NANOTONS, 'amount is too large'),
});

export const faucetBodySchema = z.strictObject({
  /** Whole TON, decimal (default 100). */
  amount: moneyInput
    .refine((nanotons) => nanotons > 0n, 'amount must be positive')
    .refine((nanotons) => nanotons <= MAX_FAUCET_NANOTONS, 'amount is too large')
    .optional(),
});

/** What the wallet shows: friendly testnet non-bounceable address, raw form, balance in whole TON. */
export interface WalletInfo {
  address: string;
  raw: string;
  balance: string;
}

export interface WalletListEntry extends WalletInfo {
  sandbox_user_id: number;
}

export interface TransactionPreview {
  balance: string;
  messages: Array<{
    address: string;
    amount: string;
    comment: string | null;
    has_payload: boolean;
    has_state_init: boolean;
  }>;
}

// ---- the phone-style Dev Wallet (mobile.ts) -------------------------------------------------------

export const mobileSessionBodySchema = z.strictObject({
  init_data: initData,
  /** The app's session id from the link the wallet was opened with (`id`). */
  app_client_id: clientIdSchema,
  /** A connect link opens a new session; a request's link finds the one it connected. */
  create: z.boolean(),
});

export const mobileOpenBodySchema = z.strictObject({
  init_data: initData,
  session_id: clientIdSchema,
  /** As the bridge delivered it: the sender's client id and the encrypted message (base64). */
  from: clientIdSchema,
  message: z.string().min(1).max(65_536),
});

const protocolError = z.strictObject({ code: z.number().int().min(0).max(1000), message: z.string().max(1000) });

/** What the wallet sends the app (TON Connect protocol v2): an event, or the answer to one request. */
export const walletMessageSchema = z.union([
  z.strictObject({
    event: z.literal('connect'),
    payload: z.strictObject({
      items: z.array(z.record(z.string(), z.unknown())).min(1).max(4),
      device: z.record(z.string(), z.unknown()),
    }),
  }),
  z.strictObject({ event: z.literal('connect_error'), payload: protocolError }),
  z.strictObject({ event: z.literal('disconnect'), payload: z.strictObject({}) }),
  z.strictObject({ id: z.string().min(1).max(64), result: z.unknown() }),
  z.strictObject({ id: z.string().min(1).max(64), error: protocolError }),
]);
export type WalletMessage = z.output<typeof walletMessageSchema>;

export const mobileSendBodySchema = z.strictObject({
  init_data: initData,
  session_id: clientIdSchema,
  message: walletMessageSchema,
});
export type MobileSendBody = z.output<typeof mobileSendBodySchema>;
