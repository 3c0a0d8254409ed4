/**
 * POST /sandbox/chain/jsonRPC — the dev chain as a toncenter v2 JSON-RPC endpoint (sandbox only; the
 * default TON_NODE_URL there). Answers toncenter's envelope, never Fastify's: `{ ok: true, result, id,
 * jsonrpc }` or `{ ok: false, error, code, id, jsonrpc }` with the HTTP status equal to `code`. Like
 * toncenter it allows any origin (the Vite dev server calls it from another port).
 */
import { Address, Cell } from '@ton/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SANDBOX_ERROR_MESSAGES } from '@contract';
import type { Deps } from '../../deps';
import { isOtherSiteCall } from '../origin';
import { ChainError } from './errors';
import {
  type RpcId,
  addressParamsSchema,
  estimateFeeParamsSchema,
  getTransactionsParamsSchema,
  rpcRequestSchema,
  runGetMethodParamsSchema,
  sendBocParamsSchema,
} from './schemas';
import {
  addressInformation,
  estimateFee,
  getAccount,
  listTransactions,
  masterchainInfo,
  runGetMethod,
  sendBoc,
} from './service';

export const CHAIN_RPC_PATH = '/sandbox/chain/jsonRPC';

const issuesText = (error: z.ZodError, prefix: string) =>
  error.issues
    .map((issue) => `${[prefix, ...issue.path.map(String)].filter(Boolean).join('.')}: ${issue.message}`)
    .join('; ');

function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  throw new ChainError('bad_request', 422, `Validation error: ${issuesText(result.error, 'params')}`);
}

/** Any address form, as toncenter's prepare_address; its refusal is 416 "Incorrect address". */
function parseAddress(text: string): Address {
  try {
    return Address.parse(text);
  } catch {
    throw new ChainError('bad_address', 416, 'Incorrect address');
  }
}

function parseCell(text: string, name: string): Cell {
  try {
    const cells = Cell.fromBoc(Buffer.from(text, 'base64'));
    if (cells.length === 1 && cells[0]) return cells[0];
  } catch {
    // answered below
  }
  throw new ChainError('bad_request', 400, `Failed to deserialize bag of cells: ${name}`);
}

type Handler = (deps: Deps, params: Record<string, unknown>) => Promise<unknown>;

const METHODS = new Map<string, Handler>([
  [
    'getAddressInformation',
    async (deps, params) => addressInformation(deps.db, parseAddress(parseParams(addressParamsSchema, params).address)),
  ],
  [
    'getAddressBalance',
    async (deps, params) => {
      const account = await getAccount(deps.db, parseAddress(parseParams(addressParamsSchema, params).address));
      return account.balance.toString();
    },
  ],
  [
    'getAddressState',
    async (deps, params) =>
      (await getAccount(deps.db, parseAddress(parseParams(addressParamsSchema, params).address))).state,
  ],
  [
    'getTransactions',
    async (deps, params) => {
      const p = parseParams(getTransactionsParamsSchema, params);
      return listTransactions(deps.db, parseAddress(p.address), {
        limit: p.limit,
        lt: p.lt ?? undefined,
        hash: p.hash ?? undefined,
        toLt: p.to_lt ?? undefined,
      });
    },
  ],
  ['getMasterchainInfo', async (deps) => masterchainInfo(deps.db)],
  [
    'runGetMethod',
    async (deps, params) => {
      const p = parseParams(runGetMethodParamsSchema, params);
      return runGetMethod(deps.db, parseAddress(p.address), p.method, p.stack ?? []);
    },
  ],
  [
    'sendBoc',
    async (deps, params) => {
      const { hash } = await sendBoc(deps, parseParams(sendBocParamsSchema, params).boc);
      return { '@type': 'ok', hash };
    },
  ],
  [
    'sendBocReturnHash',
    async (deps, params) => {
      const { hash } = await sendBoc(deps, parseParams(sendBocParamsSchema, params).boc);
      return { '@type': 'raw.extMessageInfo', hash };
    },
  ],
  [
    'estimateFee',
    async (deps, params) => {
      const p = parseParams(estimateFeeParamsSchema, params);
      return estimateFee(deps.db, {
        address: parseAddress(p.address),
        body: parseCell(p.body, 'body'),
        initCode: p.init_code ? parseCell(p.init_code, 'init_code') : null,
        initData: p.init_data ? parseCell(p.init_data, 'init_data') : null,
        ignoreChksig: p.ignore_chksig ?? true,
      });
    },
  ],
]);

export const CHAIN_RPC_METHODS: readonly string[] = [...METHODS.keys()];

/** The methods that change the chain: refused to a browser call from another site. */
const SENDING_METHODS: ReadonlySet<string> = new Set(['sendBoc', 'sendBocReturnHash']);

function fail(reply: FastifyReply, code: number, error: string, id: RpcId) {
  return reply.code(code).send({ ok: false, error, code, id, jsonrpc: '2.0' });
}

/** The request's id when it has a usable one, so even a refused request is answered in kind. */
function idOf(body: unknown): RpcId {
  if (typeof body !== 'object' || body === null || !('id' in body)) return null;
  const { id } = body;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** Fastify's own refusals (body parsing, size, media type) and anything unexpected, in the envelope. */
function envelopeErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const text =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'Malformed JSON body'
        : error.message;
    return fail(reply, status, text, null);
  }
  request.log.error({ err: error }, 'dev chain RPC failed');
  return fail(reply, 500, 'Internal error', idOf(request.body));
}

/** Registered in sandbox mode only: in production the path is a 404 like any unknown one. */
export function chainRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.setErrorHandler(envelopeErrorHandler);
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });

    app.options(CHAIN_RPC_PATH, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', 'Content-Type, X-API-Key, X-Ton-Client-Version')
        .header('access-control-max-age', '86400')
        .send(),
    );

    // It applies the sandbox's cross-site rule itself, to its sending methods only (see above).
    app.post(CHAIN_RPC_PATH, { config: { sandboxCrossSite: 'handler' } }, async (request, reply) => {
      const parsed = rpcRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        return fail(reply, 422, `Validation error: ${issuesText(parsed.error, '')}`, idOf(request.body));
      }
      const { method, params } = parsed.data;
      const id = parsed.data.id ?? null;
      const handler = METHODS.get(method);
      if (!handler) {
        return fail(reply, 404, `Unknown method '${method}' (the dev chain has ${CHAIN_RPC_METHODS.join(', ')})`, id);
      }
      if (SENDING_METHODS.has(method) && isOtherSiteCall(request, deps.config.publicUrl)) {
        return fail(reply, 403, SANDBOX_ERROR_MESSAGES.crossSiteRequest, id);
      }
      try {
        const result = await handler(deps, params);
        return { ok: true, result, id, jsonrpc: '2.0' };
      } catch (error) {
        if (error instanceof ChainError) return fail(reply, error.code, error.message, id);
        request.log.error({ err: error, method }, 'dev chain RPC failed');
        return fail(reply, 500, 'Internal error', id);
      }
    });
  };
}
