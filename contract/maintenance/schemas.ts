/**
 * Maintenance status (asked before sign-in, so without the token).
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import type { CallSchemas } from '../route';
import type { maintenanceRoutes } from './routes';

export const maintenanceStatusSchema = z.object({ detail: z.string() });

/** The schemas of each maintenance call (./routes.ts), under the same names. */
export const maintenanceCallSchemas = {
  maintenanceStatus: { response: maintenanceStatusSchema },
} as const satisfies Record<keyof typeof maintenanceRoutes, CallSchemas>;

export type MaintenanceStatus = z.output<typeof maintenanceStatusSchema>;
