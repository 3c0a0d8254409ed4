import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { type PublicKeyReader, checkTonProof, tonProofPayload } from './service';

/** Wallet ownership (contract: tonProofPayload, tonProofCheck). `readPublicKey`: the process's node client's (app.ts). */
export function walletRoutes(deps: Pick<Deps, 'config' | 'db' | 'bus'>, readPublicKey: PublicKeyReader) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'tonProofPayload', async ({ request }) => tonProofPayload(deps, currentUser(request).userId));
    callRoute(app, 'tonProofCheck', async ({ body, request }) =>
      checkTonProof(deps, currentUser(request).userId, body, readPublicKey),
    );
  };
}
