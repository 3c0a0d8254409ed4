/**
 * The operator console's sign-in and session (sessionOpen, sessionGet, sessionClose): ./service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { auditedWithin } from '../audit/service';
import { operatorRoute } from '../lib/call-route';
import { closeOperatorSession, openOperatorSession } from './service';

/** The guard (server/http/auth-context.ts operatorGuard) put the caller on the request: the admin token, or a session. */
export function operatorRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    operatorRoute(
      app,
      'sessionOpen',
      async ({ body, request }) => {
        // The sign-in's row is written with its session (the operator is known only once verified).
        const session = await openOperatorSession(deps, body.init_data, auditedWithin(request));
        // Who acts, as the guard says for every other operator call.
        request.operator = session.actor;
        request.log.info({ operator: session.actor.telegram_id }, 'operator signed in');
        return session;
      },
      { signIn: true },
    );

    operatorRoute(app, 'sessionGet', async ({ request }) => {
      const session = request.operatorSession;
      return session
        ? { actor: session.actor, expires_at: session.expiresAt }
        : { actor: { kind: 'token' }, expires_at: null };
    });

    operatorRoute(app, 'sessionClose', async ({ request }) => {
      // The admin token has no session to end.
      if (request.operatorSession) await closeOperatorSession(deps, request.operatorSession.sessionId);
      return { signed_out: true };
    });
  };
}
