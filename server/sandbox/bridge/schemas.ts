/** The bridge's query strings and body, as @tonconnect/sdk's BridgeGateway sends them. */
import { z } from 'zod';
import { BRIDGE_BODY_LIMIT_BYTES, BRIDGE_MAX_CLIENT_IDS, BRIDGE_MAX_TTL_SECONDS } from './constants';

/** A session's public key in hex (64 digits, either case); kept in lower case. */
export const clientIdSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
  .transform((id) => id.toLowerCase());

const MAX_EVENT_ID = 2n ** 63n - 1n;

/** Trace ids are the SDK's UUIDs; anything short is carried back as it came. */
const traceIdSchema = z.string().max(128).optional();

export const eventsQuerySchema = z.object({
  client_id: z
    .string()
    .transform((ids) => ids.split(','))
    .pipe(
      z
        .array(clientIdSchema)
        .min(1)
        .max(BRIDGE_MAX_CLIENT_IDS, `at most ${BRIDGE_MAX_CLIENT_IDS} client ids`)
        .transform((ids) => [...new Set(ids)]),
    ),
  // An event id the client already has (a BIGSERIAL, so no more than a BIGINT holds).
  last_event_id: z
    .string()
    .regex(/^\d{1,19}$/, 'must be a non-negative integer')
    .transform((id) => BigInt(id))
    .refine((id) => id <= MAX_EVENT_ID, 'must be a non-negative integer')
    .transform(String)
    .optional(),
  trace_id: traceIdSchema,
});

export const messageQuerySchema = z.object({
  client_id: clientIdSchema,
  to: clientIdSchema,
  ttl: z
    .string()
    .regex(/^\d{1,3}$/, `must be a whole number of seconds from 1 to ${BRIDGE_MAX_TTL_SECONDS}`)
    .transform(Number)
    .pipe(z.number().int().min(1).max(BRIDGE_MAX_TTL_SECONDS)),
  // The SDK sends the request's method (`sendTransaction`…), or `undefined` for a connect event: not used.
  topic: z.string().max(64).optional(),
  trace_id: traceIdSchema,
});

/** Standard or URL-safe base64, padded or not (the SDK sends standard). */
export function isBase64(text: string): boolean {
  const unpadded = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9+/]+$/.test(unpadded) && !/^[A-Za-z0-9_-]+$/.test(unpadded)) return false;
  if (unpadded.length % 4 === 1) return false;
  return unpadded.length === text.length || text.length % 4 === 0;
}

/** The POST's body: the encrypted message in base64, as text. */
export const messageBodySchema = z
  .string({ error: 'the body must be the message in base64' })
  .min(1, 'the body must not be empty')
  .max(BRIDGE_BODY_LIMIT_BYTES)
  .refine(isBase64, 'the body must be base64');
