/**
 * How the operator CLI (./operator.ts) prints what the operator API answers: a line per task, review,
 * withdrawal, audit entry, user, held batch and bot setup step, in English, figures as the console shows them.
 */
import {
  API_BASE,
  type AdminTask,
  type AuditEntry,
  type BotSetupStep,
  type HeldBatch,
  type OperatorResponse,
  type OperatorUser,
  type OperatorUserDetail,
  type OperatorWithdrawal,
  type Overview,
  type PayoutReason,
  type ReviewItem,
  callPath,
  operatorRoutes,
} from '@contract';
import { auditWords } from './audit/words';
import { payoutReasonText } from './withdraw/reasons';

export function taskLine(task: AdminTask): string {
  const s = task.settings;
  const details = [
    s.url && `url ${s.url}`,
    s.count !== null && `${s.paying_only ? 'paying ' : ''}referrals ≥ ${s.count}`,
    s.min_seconds !== null && `${s.min_seconds} s`,
    s.allowed_hosts.length > 0 && `hosts ${s.allowed_hosts.join(',')}`,
  ].filter(Boolean);
  return `#${task.id} ${task.is_active ? 'on ' : 'off'} order ${task.sort_order} ${task.kind} ${task.reward} tokens — ${task.title.en}${
    details.length ? ` (${details.join('; ')})` : ''
  }`;
}

/** A user as the lines name them: first name, @username, Telegram id. */
export const userName = (user: { first_name: string; username: string | null; telegram_id: number }): string =>
  `${user.first_name}${user.username ? ` @${user.username}` : ''} (tg ${user.telegram_id})`;

export function reviewLine(item: ReviewItem): string {
  const who = userName(item.user);
  const proof =
    item.kind === 'photo'
      ? `photo ${item.content_type} ${item.size} bytes: GET ${API_BASE}${callPath(operatorRoutes.reviewPhoto, { id: item.id })}`
      : `link ${item.link}`;
  return `#${item.id} ${new Date(item.created_at * 1000).toISOString()} ${who} — task #${item.task.id} ${item.task.title.en} — ${proof}`;
}

/** A payout reason in English from its code (docs/operations.md "Payout reasons"); an older row's own text. */
const reasonWords = (coded: PayoutReason | null, text: string): string =>
  coded === null ? text : payoutReasonText(coded);

export function withdrawalLine(w: OperatorWithdrawal): string {
  const when = new Date(w.created_at * 1000).toISOString();
  const batch = w.batch_id === null ? '' : ` batch #${w.batch_id}`;
  const tx = w.tx_hash === null ? '' : ` tx ${w.tx_hash}`;
  return `#${w.id} ${w.status}${batch}${tx} ${when} ${userName(w.user)} (user #${w.user_id}) — ${w.token_amount} tokens from ${w.source} → ${w.ton_amount} TON to ${w.address}${
    w.error ? ` — ${reasonWords(w.error_coded, w.error)}` : ''
  }`;
}

/** The worker's state in words: who stopped it, if anyone. */
export const PAYOUT_STATE_TEXT: Record<Overview['payouts']['state'], string> = {
  running: 'running',
  paused: 'paused by an operator (payouts resume)',
  waiting: 'waiting',
  disabled: 'disabled by the setting PAYOUTS_ENABLED=false',
};

/**
 * One audit entry: when, who, the outcome ("unknown": never recorded, docs/security.md "Operator actions
 * are final and audited"), what was done in words, then the call as made (its route and arguments) and
 * the address.
 */
export function auditLine(entry: AuditEntry): string {
  const when = new Date(entry.created_at * 1000).toISOString();
  const who = entry.actor.kind === 'operator' ? `${entry.actor.name} [${entry.actor.telegram_id}]` : 'token';
  const status = entry.status ?? 'unknown';
  const args = [entry.params, entry.query, entry.body]
    .filter((part) => part != null)
    .map((part) => JSON.stringify(part));
  const call = [entry.action, entry.method, entry.path, ...args].filter(Boolean).join(' ');
  return `${when} ${who} ${status} ${auditWords(entry)} — ${call} (${entry.ip})`;
}

export function overviewLines(o: Overview): string[] {
  const counts = Object.entries(o.payouts.counts)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  return [
    `Users: ${o.users.total} (${o.users.new_today} new today)`,
    `Mint payments: ${o.mint_received.today} TON today, ${o.mint_received.week} TON in 7 days`,
    `Paid to sellers: ${o.paid_to_sellers.today} TON today, ${o.paid_to_sellers.week} TON in 7 days`,
    `Hot wallet: ${o.hot_wallet.address ?? 'none (payouts off)'} — balance ${
      o.hot_wallet.balance === null ? 'unknown' : `${o.hot_wallet.balance} TON`
    }, ${o.hot_wallet.queued} TON to pay`,
    `Payouts: ${PAYOUT_STATE_TEXT[o.payouts.state]}${o.payouts.reason ? ` (${reasonWords(o.payouts.reason_coded, o.payouts.reason)})` : ''} — ${counts}, held batches ${o.payouts.held_batches}`,
    `Treasury watcher: ${o.watcher_lag_seconds === null ? 'no read yet' : `last read ${o.watcher_lag_seconds} s ago`}`,
    `Maintenance: ${o.maintenance ? 'on' : 'off'}`,
    `Waiting for an operator: ${o.reviews_waiting} proofs to review, ${o.treasury_waiting} treasury transactions`,
  ];
}

export const userLine = (u: OperatorUser): string =>
  `#${u.id} ${userName(u)} ref ${u.ref_code} since ${new Date(u.created_at * 1000).toISOString()}`;

export function userDetailLines(d: OperatorUserDetail): string[] {
  const u = d.user;
  return [
    userLine(u),
    `language ${u.language_code}, community ${u.community_participation ? 'yes' : 'no'}, notifications ${
      u.notifications_enabled ? 'on' : 'off'
    }, wallet ${u.wallet?.friendly_address ?? 'none'}, referrer ${u.referrer ? `${userName(u.referrer)} #${u.referrer.id}` : 'none'}`,
    `Balances: ${d.balances.balance_token} tokens, ${d.balances.task_balance} task, ${d.balances.referral_balance} referral`,
    `Mints (${d.mints.length}):`,
    // By the public id the user's screen shows (docs/decisions.md "Names and ids"), not the row id.
    ...d.mints.map((m) => `  #${m.mint_id} ${m.status} ${m.amount_ton} TON → ${m.amount_token} tokens`),
    `Stakes (${d.stakes.length}):`,
    ...d.stakes.map((s) => `  #${s.staking_id} ${s.status} ${s.total_amount} tokens, earned ${s.earned_reward}`),
    `Withdrawals (${d.withdrawals.length}):`,
    ...d.withdrawals.map((w) => `  ${withdrawalLine(w)}`),
    `Operations (${d.ledger.length}):`,
    ...d.ledger.map(
      (op) => `  ${new Date(op.created_at * 1000).toISOString()} ${op.type} ${op.direction} ${op.amount} ${op.unit}`,
    ),
  ];
}

export function printSettings(s: OperatorResponse<'settingsGet'>, print: (line: string) => void): void {
  print(`maintenance: ${s.maintenance ? 'on' : 'off'}`);
  print(`collective_bonus: ${s.collective_bonus} % a day`);
  print(`withdraw_fee_percent: ${s.withdraw_fee_percent} %`);
  print(`withdraw_network_fee: ${s.withdraw_network_fee} TON`);
  print(`withdraw_min_receive: ${s.withdraw_min_receive} TON`);
  print(`payouts_paused: ${s.payouts_paused ? 'yes' : 'no'}`);
}

export function heldLine(b: HeldBatch): string {
  const until = new Date(b.valid_until * 1000).toISOString();
  const asked = b.resign_requested ? ' — re-sign asked for' : '';
  return `batch #${b.id} seqno ${b.seqno} valid until ${until}, withdrawals ${b.withdrawals.map((id) => `#${id}`).join(' ')}${asked} — ${b.reason === null ? '' : reasonWords(b.reason_coded, b.reason)}`;
}

export function botStepLine(step: BotSetupStep): string {
  const what = step.language === null ? step.method : `${step.method} (${step.language})`;
  return `${step.ok ? 'ok    ' : 'FAILED'} ${what}${step.error ? ` — ${step.error}` : ''}`;
}

export type PriceState = OperatorResponse<'priceGet'>;

export const signed = (percent: number) => `${percent > 0 ? '+' : ''}${percent} %`;

export const priceLine = (state: PriceState) =>
  `Price: ${state.price} TON per token (24 h ${signed(state.price_change_24h)}, 30 d ${signed(state.price_change_30d)}) at ${new Date(
    state.time * 1000,
  ).toISOString()}`;
