/**
 * The launch's calls without a token (docs/product.md §4: the maintenance status, then the sign-in), in the one
 * form every sender builds them: the models (through ./transport.ts), and index.html's inline launch
 * script (src/shared/launch/boot.ts), which sends them before the entry has arrived. No package and
 * nothing but the two route tables: the inline script is bundled from this file.
 */
import { authRoutes } from '@contract/auth/routes';
import type { CallBody } from '@contract';
import { maintenanceRoutes } from '@contract/maintenance/routes';

/** One call as the transport sends it: path below /api, method, query and JSON body. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below /api, e.g. '/user/me'. */
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

/** The sign-in's body, built in one place for the session model and the early sign-in. */
export const registerBody = (initData: string, refCode: string | null): CallBody<'register'> => ({
  init_data: initData,
  ref_code: refCode,
});

/** The launch's calls without a token, in the form the models send them: [maintenance, sign-in]. */
export function launchCalls(initData: string, refCode: string | null): [TransportRequest, TransportRequest] {
  return [
    { method: maintenanceRoutes.maintenanceStatus.method, path: maintenanceRoutes.maintenanceStatus.path },
    { method: authRoutes.register.method, path: authRoutes.register.path, body: registerBody(initData, refCode) },
  ];
}

/** What makes two requests the same call (an early answer is taken by the request equal to it). */
export const callKey = (request: TransportRequest): string =>
  JSON.stringify([request.method, request.path, request.query ?? null, request.body ?? null]);
