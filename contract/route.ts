/**
 * What one call is on the wire, without zod: the client builds its requests from these (a zod import
 * here would put ~24 kB gzip on the first screen, docs/contract.md "Where it lives").
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

export interface CallRoute {
  readonly method: HttpMethod;
  /** Below /api; `:name` is a path parameter (Fastify's syntax, filled in by the client). */
  readonly path: string;
  /** false: sent without the bearer token (docs/product.md §6: register, refresh, maintenance status). */
  readonly auth: boolean;
  /** Status of a success: 201 when the call creates something. */
  readonly status: 200 | 201;
}

/** The schemas of one call, beside its route in the domain's folder: what the server validates and answers. */
export interface CallSchemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response: z.ZodType;
}

/** '/mint/:id/cancel' + {id: 7} → '/mint/7/cancel'. */
export function callPath(route: Pick<CallRoute, 'path'>, params?: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
