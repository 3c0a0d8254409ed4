import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { type PublicKeyReader, chainPublicKeyReader, checkTonProof, tonProofPayload } from './service';

/** Wallet ownership (contract: tonProofPayload, tonProofCheck). `readPublicKey` defaults to the server's chain client. */
export function walletRoutes(deps: Pick<Deps, 'config' | 'db' | 'bus'>, readPublicKey: PublicKeyReader = chainPublicKeyReader(deps.config)) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'tonProofPayload', async ({ request }) => tonProofPayload(deps, currentUser(request).userId));
    callRoute(app, 'tonProofCheck', async ({ body, request }) =>
      checkTonProof(deps, currentUser(request).userId, body, readPublicKey),
    );
  };
}
