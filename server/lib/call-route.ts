/**
 * Registers a route for a contract call (contract): method, path, auth and success
 * status come from the call table, each request part is validated with the call's schema (422 on
 * anything else), and the handler receives the parsed parts. Routes cannot drift from what the
 * client sends, because both are built from the same table. `operatorRoute` does the same for the
 * operator API's table (`operatorRoutes`), with `config.operator` (docs/contract.md "The operator API").
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_BASE,
  type CallName,
  type CallResponse,
  type CallRoute,
  type CallSchemas,
  type OperatorCallName,
  type OperatorResponse,
  type ParsedBody,
  type ParsedOperatorBody,
  type ParsedOperatorParams,
  type ParsedOperatorQuery,
  type ParsedParams,
  type ParsedQuery,
  callSchemas,
  calls,
  operatorCallSchemas,
  operatorRoutes,
} from '@contract';
import { parseOr422 } from './validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract call a route serves (unset on routes outside the contract). */
    call?: CallName;
    /** The call needs `Authorization: Bearer <access token>` (from the contract's call table). */
    auth?: boolean;
    /** The operator call a route serves (the audit records its name as the action). */
    operatorCall?: OperatorCallName;
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

/** An operator route's: `signIn`, the console's sign-in, which needs no operator token (it makes one). */
export interface OperatorRouteOptions extends CallRouteOptions {
  signIn?: boolean;
}

export function callRoute<K extends CallName>(
  app: FastifyInstance,
  name: K,
  handler: CallHandler<K>,
  options: CallRouteOptions = {},
): void {
  const route = calls[name];
  register(app, name, route, callSchemas[name], { call: name, auth: route.auth }, handler as Handler, options);
}

export interface OperatorInput<K extends OperatorCallName> {
  body: ParsedOperatorBody<K>;
  query: ParsedOperatorQuery<K>;
  params: ParsedOperatorParams<K>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type OperatorHandler<K extends OperatorCallName> = (input: OperatorInput<K>) => Promise<OperatorResponse<K>>;

/**
 * Registers an operator API route from the operator table: like callRoute, and marked `config.operator`
 * (OPERATOR_ROUTE), so app.ts asks for the admin token and the audit records it by its route pattern.
 */
export function operatorRoute<K extends OperatorCallName>(
  app: FastifyInstance,
  name: K,
  handler: OperatorHandler<K>,
  { signIn, ...options }: OperatorRouteOptions = {},
): void {
  const schemas: CallSchemas = operatorCallSchemas[name];
  // The config of OPERATOR_ROUTE (server/http/auth-context.ts), with the call's name for the audit.
  const config: FastifyContextConfig = { operator: true, operatorCall: name, ...(signIn ? { ownAuth: true } : {}) };
  register(app, name, operatorRoutes[name], schemas, config, handler as Handler, options);
}

type Handler = (input: {
  body: unknown;
  query: unknown;
  params: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<unknown>;

function register(
  app: FastifyInstance,
  name: string,
  route: CallRoute,
  schemas: CallSchemas,
  config: FastifyContextConfig,
  handler: Handler,
  options: CallRouteOptions,
): void {
  const parse = (schema: CallSchemas['body'], value: unknown) => (schema ? parseOr422(schema, value) : undefined);
  app.route({
    method: route.method,
    url: `${API_BASE}${route.path}`,
    config,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      const input = {
        params: parse(schemas.params, request.params),
        query: parse(schemas.query, request.query),
        body: parse(schemas.body, request.body),
        request,
        reply,
      };
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
