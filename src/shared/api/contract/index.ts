/**
 * The wire contract, the one source of truth for what crosses HTTP and the websocket:
 * - ./calls.ts: every call's method, path, auth and status (no zod: the client builds its endpoint
 *   effects from it);
 * - ./call-schemas.ts: each call's request and response schemas (the server registers its routes
 *   from both tables, so a path or a shape cannot drift);
 * - ./schemas.ts: the shapes; ./types.ts: their named types (z.input / z.output);
 * - ./money.ts: exact decimal-string money; ./constants.ts: plain values.
 *
 * The client imports this index for TYPES only (`import type`); its runtime imports are ./calls,
 * ./money and ./constants, which carry no zod (tests/unit/contract-imports.test.ts holds it to that).
 */
export * from './app-config';
export * from './call-schemas';
export * from './calls';
export * from './constants';
export * from './errors';
export * from './money';
export * from './schemas';
export type * from './types';
