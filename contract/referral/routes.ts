import type { CallRoute } from '../route';

/** The referral calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const referralRoutes = {
  referrals: {
    method: 'GET',
    path: '/user/referrals',
    auth: true,
    status: 200,
  },
  shareMessage: {
    method: 'POST',
    path: '/user/share-message',
    auth: true,
    status: 200,
  },
  referralTransfer: {
    method: 'POST',
    path: '/withdraw/transfer-from-referral-balance',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
