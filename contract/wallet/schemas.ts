/**
 * Wallet ownership by ton_proof (docs/foundations.md §8).
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { boundWalletSchema } from '../user/schemas';
import type { CallSchemas } from '../route';
import type { walletRoutes } from './routes';

/** GET /wallet/ton-proof/payload: what the connect request asks the wallet to sign (signed by the server, single use). */
export const tonProofPayloadSchema = z.object({
  payload: z.string(),
  /** Unix seconds after which the server refuses a proof of it. */
  expires_at: z.number().int(),
});

/** POST /wallet/ton-proof: the connected account and its ton_proof item, as the wallet handed them over. */
export const tonProofCheckBodySchema = z.strictObject({
  /** The account's address (raw `0:<hex>`, as TON Connect reports it; a friendly form is taken too). */
  address: z.string().trim().min(1).max(100),
  /** TON Connect chain id: '-239' mainnet, '-3' testnet. */
  network: z.string().max(16),
  /** Hex, 32 bytes; when given it must be the key that signed. */
  public_key: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
  proof: z.object({
    timestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    domain: z.object({
      lengthBytes: z.number().int().min(0).max(1024),
      value: z.string().max(1024),
    }),
    /** base64, 64 bytes. */
    signature: z.string().min(1).max(200),
    payload: z.string().min(1).max(512),
    /** The wallet's state init (base64 BOC); without it the key is read with get_public_key on chain. */
    state_init: z.string().max(16_384).nullish(),
  }),
});

/** The binding a proof made (what /user/me reports as `wallet`). */
export const tonProofCheckResultSchema = z.object({
  wallet: boundWalletSchema,
});

/** The schemas of each wallet call (./routes.ts), under the same names. */
export const walletCallSchemas = {
  tonProofPayload: { response: tonProofPayloadSchema },
  tonProofCheck: {
    body: tonProofCheckBodySchema,
    response: tonProofCheckResultSchema,
  },
} as const satisfies Record<keyof typeof walletRoutes, CallSchemas>;

export type TonProofPayload = z.output<typeof tonProofPayloadSchema>;
export type TonProofCheckBody = z.input<typeof tonProofCheckBodySchema>;
export type TonProofCheckResult = z.output<typeof tonProofCheckResultSchema>;
