import type { CallRoute } from '../route';

/**
 * The operator API (bearer ADMIN_TOKEN, `npm run operator`): method, path below /api, success status.
 * Its own table, apart from ./calls.ts, so the client bundle never carries it; the server registers
 * each with `config.operator` (server/lib/call-route.ts operatorRoute), which the admin-token guard,
 * the gates and the audit go by. docs/contract.md "The operator API".
 */
export const operatorRoutes = {
  /**
   * The console's sign-in: Telegram launch data of a named operator (OPERATOR_TELEGRAM_IDS) → an operator
   * session's token. The one operator call that needs no token (docs/security.md "Operators").
   */
  sessionOpen: { method: 'POST', path: '/admin/session', auth: false, status: 200 },
  /** Who the caller is: an operator session (name, expiry) or the admin token. */
  sessionGet: { method: 'GET', path: '/admin/session', auth: false, status: 200 },
  /** Ends the caller's operator session (its token is refused from then on, in every process). */
  sessionClose: { method: 'POST', path: '/admin/session/end', auth: false, status: 200 },
  /** The console's first screen: users, TON in and out, the hot wallet, the payout worker, the watcher. */
  overview: { method: 'GET', path: '/admin/overview', auth: false, status: 200 },
  /** Changes the editable settings (the sale's fees and minimum), each checked by its rule. */
  settingsSet: { method: 'PATCH', path: '/admin/settings', auth: false, status: 200 },
  /** The price's history (as the app's chart reads it), for the console's chart. */
  priceCandles: { method: 'GET', path: '/admin/price/candles', auth: false, status: 200 },
  /** Users found by Telegram id, username or ref code. */
  usersFind: { method: 'GET', path: '/admin/users', auth: false, status: 200 },
  /** One user: balances, mints, stakes, withdrawals and the newest ledger entries (read only). */
  userDetail: { method: 'GET', path: '/admin/users/:id', auth: false, status: 200 },
  /** Every global setting as stored (maintenance, collective bonus, sale fees, payouts held). */
  settingsGet: { method: 'GET', path: '/admin/settings', auth: false, status: 200 },
  maintenanceGet: { method: 'GET', path: '/admin/maintenance', auth: false, status: 200 },
  maintenanceSet: { method: 'POST', path: '/admin/maintenance', auth: false, status: 200 },
  priceGet: { method: 'GET', path: '/admin/price', auth: false, status: 200 },
  priceSet: { method: 'POST', path: '/admin/price', auth: false, status: 200 },
  tasksList: { method: 'GET', path: '/admin/tasks', auth: false, status: 200 },
  taskCreate: { method: 'POST', path: '/admin/tasks', auth: false, status: 201 },
  taskChange: { method: 'PATCH', path: '/admin/tasks/:id', auth: false, status: 200 },
  reviewsList: { method: 'GET', path: '/admin/tasks/reviews', auth: false, status: 200 },
  /** The only place a photo proof's bytes are served: the body is the file, not JSON. */
  reviewPhoto: { method: 'GET', path: '/admin/tasks/reviews/:id/photo', auth: false, status: 200 },
  reviewApprove: { method: 'POST', path: '/admin/tasks/reviews/:id/approve', auth: false, status: 200 },
  reviewReject: { method: 'POST', path: '/admin/tasks/reviews/:id/reject', auth: false, status: 200 },
  withdrawalsList: { method: 'GET', path: '/admin/withdrawals', auth: false, status: 200 },
  withdrawalRefund: { method: 'POST', path: '/admin/withdrawals/:id/refund', auth: false, status: 200 },
  withdrawalRetry: { method: 'POST', path: '/admin/withdrawals/:id/retry', auth: false, status: 200 },
  payoutsGet: { method: 'GET', path: '/admin/payouts', auth: false, status: 200 },
  payoutsSet: { method: 'POST', path: '/admin/payouts', auth: false, status: 200 },
  payoutsHeld: { method: 'GET', path: '/admin/payouts/held', auth: false, status: 200 },
  payoutResign: { method: 'POST', path: '/admin/payouts/held/:id/resign', auth: false, status: 200 },
  treasuryTransactions: { method: 'GET', path: '/admin/treasury/transactions', auth: false, status: 200 },
  /** The hash travels in the body: base64 has '/' and '+', which a path would mangle. */
  treasuryResolve: { method: 'POST', path: '/admin/treasury/transactions/resolve', auth: false, status: 200 },
  audit: { method: 'GET', path: '/admin/audit', auth: false, status: 200 },
  /** Sets the bot up through the Bot API (webhook, commands, descriptions, menu button): each call's outcome. */
  botSetup: { method: 'POST', path: '/admin/bot/setup', auth: false, status: 200 },
} as const satisfies Record<string, CallRoute>;

export type OperatorCallName = keyof typeof operatorRoutes;

/** The operator calls that change something (anything but GET): each is an action the audit records. */
export type OperatorActionCall = {
  [K in OperatorCallName]: (typeof operatorRoutes)[K]['method'] extends 'GET' ? never : K;
}[OperatorCallName];

/** Every operator action call, in the table's order (the console's audit filter offers them). */
export const OPERATOR_ACTION_CALLS = (Object.keys(operatorRoutes) as OperatorCallName[]).filter(
  (name): name is OperatorActionCall => operatorRoutes[name].method !== 'GET',
);
