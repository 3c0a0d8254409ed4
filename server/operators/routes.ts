/**
 * The operator console's sign-in and session (sessionOpen, sessionGet, sessionClose): ./service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { bearerToken } from '../http/auth-context';
import { UnauthorizedError } from '../lib/errors';
import { operatorRoute } from '../lib/call-route';
import { authenticateOperator, closeOperatorSession, openOperatorSession } from './service';

export function operatorRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const callerSession = async (token: string | undefined) => {
      const session = token ? await authenticateOperator(deps, token) : null;
      if (!session) throw new UnauthorizedError('invalidAdminToken');
      return session;
    };

    operatorRoute(
      app,
      'sessionOpen',
      async ({ body, request }) => {
        const session = await openOperatorSession(deps, body.init_data);
        // The audit names who signed in.
        request.operator = session.actor;
        request.log.info({ operator: session.actor.telegram_id }, 'operator signed in');
        return session;
      },
      { signIn: true },
    );

    operatorRoute(app, 'sessionGet', async ({ request }) => {
      if (request.operator?.kind === 'token') return { actor: request.operator, expires_at: null };
      const session = await callerSession(bearerToken(request));
      return { actor: session.actor, expires_at: session.expiresAt };
    });

    operatorRoute(app, 'sessionClose', async ({ request }) => {
      // The admin token has no session to end.
      if (request.operator?.kind === 'token') return { signed_out: true };
      const session = await callerSession(bearerToken(request));
      await closeOperatorSession(deps, session.sessionId);
      return { signed_out: true };
    });
  };
}
