/**
 * The sandbox's TON Connect HTTP bridge at BRIDGE_PATH, so the app and the dev wallet talk through this
 * server instead of a public bridge (the sandbox runs offline). The protocol is @tonconnect/sdk's
 * BridgeGateway: GET …/events (SSE) and POST …/message.
 *
 * Outside /api, so maintenance never closes it (it is the wallet's transport, not the app's API), and no
 * route here needs a token: a client id is a session's public key, and messages are end-to-end encrypted.
 * Bad input answers 422 like every other route (parseOr422); past a cap on open streams or stored
 * messages (limits.ts), 429. The POST takes no other site's call (../origin.ts): in the sandbox both sides
 * are its own pages.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { addressKey } from '../../http/protection';
import { parseOr422 } from '../../lib/validation';
import {
  BRIDGE_BODY_LIMIT_BYTES,
  BRIDGE_EVENTS_PATH,
  BRIDGE_HEARTBEAT_MS,
  BRIDGE_MESSAGE_PATH,
  BRIDGE_OK,
} from './constants';
import { streamSlots } from './limits';
import { eventsQuerySchema, messageBodySchema, messageQuerySchema } from './schemas';
import { postBridgeMessage } from './service';
import { type BridgeStream, SSE_HEADERS, openBridgeStream } from './stream';

export interface BridgeRoutesOptions {
  /** Between heartbeats (default BRIDGE_HEARTBEAT_MS; tests use a short one). */
  heartbeatMs?: number;
}

/** The caller's address as the caps count it. */
const senderOf = (request: FastifyRequest) => addressKey(request.ip);

/** Registered by the sandbox plugin, so the bridge exists in sandbox mode only. */
export function bridgeRoutes(deps: Deps, options: BridgeRoutesOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? BRIDGE_HEARTBEAT_MS;
  return async (app: FastifyInstance) => {
    // The SDK posts the base64 text with fetch and no content type of its own (text/plain, which Fastify
    // reads as a string); any other type, or none, is read as text too (this plugin's routes only).
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    const streams = new Set<BridgeStream>();
    // This process's open streams, per address and per client id (the caps, limits.ts).
    const slots = streamSlots();
    // An open stream is a request that never ends: closing the app ends them, or it would wait forever.
    app.addHook('preClose', async () => {
      for (const stream of streams) stream.close();
    });

    app.get(BRIDGE_EVENTS_PATH, async (request, reply) => {
      const query = parseOr422(eventsQuerySchema, request.query);
      // A 429 here, before the stream opens; the slot is given back when it closes.
      const release = slots.take(senderOf(request), query.client_id);
      reply.hijack();
      reply.raw.writeHead(200, SSE_HEADERS);
      reply.raw.flushHeaders();
      const stream = openBridgeStream(deps, reply.raw, {
        clientIds: query.client_id,
        lastEventId: query.last_event_id,
        heartbeatMs,
        onError: (error) => request.log.warn({ err: error }, 'bridge stream read failed'),
      });
      streams.add(stream);
      void stream.closed.then(() => {
        streams.delete(stream);
        release();
      });
    });

    app.post(BRIDGE_MESSAGE_PATH, { bodyLimit: BRIDGE_BODY_LIMIT_BYTES }, async (request) => {
      const query = parseOr422(messageQuerySchema, request.query);
      const message = parseOr422(messageBodySchema, request.body);
      await postBridgeMessage(deps, {
        from: query.client_id,
        to: query.to,
        ttlSeconds: query.ttl,
        message,
        ...(query.trace_id !== undefined ? { traceId: query.trace_id } : {}),
        senderAddress: senderOf(request),
      });
      return BRIDGE_OK;
    });
  };
}
