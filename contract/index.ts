/**
 * The wire contract, the one source of truth for what crosses HTTP and the websocket
 * (docs/contract.md "Where it lives"):
 * - ./<domain>/routes.ts: the domain's calls — method, path, auth, status (no zod);
 * - ./<domain>/schemas.ts: the domain's shapes, each call's request and response schemas, and the
 *   named types (z.input / z.output);
 * - ./calls.ts, ./call-schemas.ts: both gathered into one table each (the server registers its routes
 *   from both, so a path or a shape cannot drift); ./common.ts: the building blocks; ./socket.ts: the
 *   socket events;
 * - ./money.ts: exact decimal-string money; ./constants.ts: plain values.
 *
 * The client imports this index for TYPES only (`import type`); its runtime imports are ./calls,
 * ./route, the domains' routes, ./money and ./constants, which carry no zod
 * (tests/unit/contract-imports.test.ts holds it to that).
 */
export * from './app-config';
export * from './call-schemas';
export * from './calls';
export * from './common';
export * from './constants';
export * from './errors';
export * from './explorer';
export * from './money';
export * from './socket';
export * from './auth/schemas';
export * from './farming/schemas';
export * from './maintenance/schemas';
export * from './mint/schemas';
export * from './console/routes';
export * from './console/schemas';
export * from './console/payout-reasons';
export * from './operations/schemas';
export * from './price/schemas';
export * from './program/schemas';
export * from './referral/schemas';
export * from './staking/schemas';
export * from './stats/schemas';
export * from './tasks/schemas';
export * from './user/schemas';
export * from './wallet/schemas';
export * from './withdraw/schemas';
