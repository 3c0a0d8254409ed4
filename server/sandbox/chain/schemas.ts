/**
 * The dev chain's JSON-RPC request shapes (toncenter v2). Like toncenter, integers may arrive as JSON
 * numbers or decimal strings (logical times outgrow doubles), and params a method does not know are
 * ignored; `null` counts as absent.
 */
import { z } from 'zod';
import { DEFAULT_TRANSACTIONS_LIMIT, MAX_TRANSACTIONS_LIMIT } from './constants';

export const rpcRequestSchema = z.object({
  id: z.union([z.string().max(200), z.number(), z.null()]).optional(),
  jsonrpc: z.literal('2.0').optional(),
  method: z.string().min(1).max(100),
  params: z.record(z.string(), z.unknown()).default({}),
});

export type RpcId = string | number | null;

const integerText = z.union([z.number().int(), z.string().regex(/^-?\d{1,20}$/, 'an integer')]);
const logicalTime = integerText
  .transform((value) => BigInt(value))
  .refine((value) => value >= 0n && value < 2n ** 63n, 'a logical time');

/** An address in any form; routes.ts turns it into an Address (416 "Incorrect address" like toncenter). */
const address = z.string().min(1).max(200);
const boc = z
  .string()
  .min(1)
  .max(512 * 1024);

export const addressParamsSchema = z.object({ address });

export const getTransactionsParamsSchema = z.object({
  address,
  limit: integerText
    .transform(Number)
    .pipe(z.number().min(1).max(MAX_TRANSACTIONS_LIMIT))
    .nullish()
    .transform((value) => value ?? DEFAULT_TRANSACTIONS_LIMIT),
  lt: logicalTime.nullish(),
  hash: z.string().max(100).nullish(),
  to_lt: logicalTime.nullish(),
  archival: z.union([z.boolean(), z.enum(['true', 'false'])]).nullish(),
});

export const runGetMethodParamsSchema = z.object({
  address,
  method: z.union([z.string().min(1).max(128), z.number().int()]),
  stack: z.array(z.unknown()).nullish(),
});

export const sendBocParamsSchema = z.object({ boc });

export const estimateFeeParamsSchema = z.object({
  address,
  body: boc,
  init_code: z
    .string()
    .max(512 * 1024)
    .nullish(),
  init_data: z
    .string()
    .max(512 * 1024)
    .nullish(),
  ignore_chksig: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).nullish(),
});
