/**
 * Registers a route for a contract call (src/shared/api/contract): method, path, auth and success
 * status come from the call table, each request part is validated with the call's schema (422 on
 * anything else), and the handler receives the parsed parts. Routes cannot drift from what the
 * client sends, because both are built from the same table.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_BASE,
  type CallName,
  type CallResponse,
  type CallSchemas,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  callSchemas,
  calls,
} from '@/shared/api/contract';
import { parseOr422 } from './validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract call a route serves (unset on routes outside the contract). */
    call?: CallName;
    /** The call needs `Authorization: Bearer <access token>` (from the contract's call table). */
    auth?: boolean;
  }
  interface FastifyInstance {
    /** Check every contract answer against its response schema before sending it (sandbox and tests). */
    checkResponses: boolean;
  }
}

export interface CallInput<K extends CallName> {
  body: ParsedBody<K>;
  query: ParsedQuery<K>;
  params: ParsedParams<K>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<K extends CallName> = (input: CallInput<K>) => Promise<CallResponse<K>>;

/** A handler's answer that does not match the contract: a bug on the server, never the caller's fault. */
export class ContractDriftError extends Error {
  override name = 'ContractDriftError';
}

/** Per-route options beyond the contract: a body limit of its own (an upload route), in bytes. */
export interface CallRouteOptions {
  bodyLimit?: number;
}

export function callRoute<K extends CallName>(
  app: FastifyInstance,
  name: K,
  handler: CallHandler<K>,
  options: CallRouteOptions = {},
): void {
  const route = calls[name];
  const schemas: CallSchemas = callSchemas[name];
  const parse = (schema: CallSchemas['body'], value: unknown) => (schema ? parseOr422(schema, value) : undefined);
  app.route({
    method: route.method,
    url: `${API_BASE}${route.path}`,
    config: { call: name, auth: route.auth },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      const input = {
        params: parse(schemas.params, request.params),
        query: parse(schemas.query, request.query),
        body: parse(schemas.body, request.body),
        request,
        reply,
      } as CallInput<K>;
      const answer = await handler(input);
      if (app.checkResponses) {
        const checked = schemas.response.safeParse(answer);
        if (!checked.success) {
          throw new ContractDriftError(`${name}: the answer does not match the contract: ${checked.error.message}`);
        }
      }
      return reply.code(route.status).send(answer);
    },
  });
}
