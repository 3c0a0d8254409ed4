import type { CallRoute } from '../route';

/** The wallet calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const walletRoutes = {
  /** A ton_proof payload for the connect request, and the proof that binds the wallet. */
  tonProofPayload: {
    method: 'GET',
    path: '/wallet/ton-proof/payload',
    auth: true,
    status: 200,
  },
  tonProofCheck: {
    method: 'POST',
    path: '/wallet/ton-proof',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
