/**
 * The audit in English words, as `npm run operator -- audit` prints it (docs/decisions.md "The audit's
 * words"); the console says the same in its own catalogues (en, ru: console/pages/audit/lib/words.ts).
 * From a row's summary (./summary.ts): the past tense once the action was done ("Refunded withdrawal #4
 * (1.8060 TON) of Alice"), what was asked while it was refused or its outcome is unknown ("Refund withdrawal
 * #4"), and the call's name when its request was not one the call takes (or the row is older than summaries).
 * Figures are the app's formatter's, as the console shows them (docs/decisions.md "Formats"), with plain
 * spaces for a terminal.
 */
import type { AuditEntry, AuditSummary, OperatorActionCall, TaskKind } from '@contract';
import { NBSP, formatPercent, formatPrice, formatTokens, formatTon } from '@contract/format/format-core';

type Of<K extends AuditSummary['kind']> = Extract<AuditSummary, { kind: K }>;

/** Each action's name, what was asked, and what was done (null: the answer's facts are missing). */
interface Phrases<K extends AuditSummary['kind']> {
  name: string;
  asked: (summary: Of<K>) => string;
  done: (summary: Of<K>) => string | null;
}

const TASK_KINDS: Record<TaskKind, string> = {
  community: 'Join the community',
  referrals: 'Invite friends',
  visit: 'Visit a link',
  photo: 'Photo proof',
  link: 'Link proof',
};
const PROOFS: Record<TaskKind, string> = {
  community: 'proof',
  referrals: 'proof',
  visit: 'proof',
  photo: 'photo proof',
  link: 'link proof',
};

/** The console's figure, its non-breaking spaces plain: a terminal line wraps where it must. */
const plain = (figure: string) => figure.replaceAll(NBSP, ' ');
const ton = (amount: string) => plain(formatTon(amount, 'en'));
const tokens = (amount: string) => plain(formatTokens(amount, 'en'));
/** A setting is the programme's own figure: no zeros after the point ('at least 1 TON', '5%'), as the console. */
const RULE = { trim: true } as const;
/** A transaction hash in words: its ends (the whole is in the row's body). */
export const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

function settingsChanges(summary: Of<'settingsSet'>): string {
  const { changes } = summary;
  return [
    changes.withdraw_fee_percent === undefined
      ? null
      : `fee ${formatPercent(String(changes.withdraw_fee_percent), 'en', RULE)}`,
    changes.withdraw_network_fee === undefined
      ? null
      : `network fee ${plain(formatTon(changes.withdraw_network_fee, 'en', RULE))}`,
    changes.withdraw_min_receive === undefined
      ? null
      : `minimum to receive ${plain(formatTon(changes.withdraw_min_receive, 'en', RULE))}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** A task change in words: a switch, a move, or the fields it changed. */
function taskChange(summary: Of<'taskChange'>, done: boolean): string {
  const task = `task #${summary.task_id}${done && summary.title ? ` “${summary.title.en}”` : ''}`;
  const only = summary.changed.length === 1 ? summary.changed[0] : null;
  if (only === 'is_active' && summary.is_active !== undefined) {
    const state = summary.is_active ? 'on' : 'off';
    return done ? `Turned ${task} ${state}` : `Turn ${task} ${state}`;
  }
  if (only === 'sort_order' && summary.sort_order !== undefined) {
    return `${done ? 'Moved' : 'Move'} ${task} (order ${summary.sort_order})`;
  }
  const fields = summary.changed
    .map((field) =>
      field === 'reward' && summary.reward ? `reward ${tokens(summary.reward)}` : field.replace('_', ' '),
    )
    .join(', ');
  return `${done ? 'Changed' : 'Change'} ${task}: ${fields || 'nothing'}`;
}

const PHRASES: { [K in OperatorActionCall]: Phrases<K> } = {
  sessionOpen: { name: 'Sign in', asked: () => 'Sign in to the console', done: () => 'Signed in to the console' },
  sessionClose: { name: 'Sign out', asked: () => 'Sign out of the console', done: () => 'Signed out of the console' },
  settingsSet: {
    name: 'Change the sale settings',
    asked: (s) => `Change the sale settings: ${settingsChanges(s)}`,
    done: (s) => `Changed the sale settings: ${settingsChanges(s)}`,
  },
  maintenanceSet: {
    name: 'Switch maintenance',
    asked: (s) => `Turn maintenance ${s.enabled ? 'on' : 'off'}`,
    done: (s) => `Turned maintenance ${s.enabled ? 'on' : 'off'}`,
  },
  priceSet: {
    name: 'Set the price',
    asked: (s) => `Set the price to ${plain(formatPrice(s.price, 'en'))}`,
    done: (s) => `Set the price to ${plain(formatPrice(s.price, 'en'))}`,
  },
  taskCreate: {
    name: 'Add a task',
    asked: (s) => `Add the task “${s.title.en}” (${TASK_KINDS[s.task_kind]}, reward ${tokens(s.reward)})`,
    done: (s) =>
      s.task_id === undefined
        ? null
        : `Added task #${s.task_id} “${s.title.en}” (${TASK_KINDS[s.task_kind]}, reward ${tokens(s.reward)})`,
  },
  taskChange: {
    name: 'Change a task',
    asked: (s) => taskChange(s, false),
    done: (s) => (s.title ? taskChange(s, true) : null),
  },
  reviewApprove: {
    name: 'Approve a proof',
    asked: (s) => `Approve proof #${s.review_id}`,
    done: ({ proof }) =>
      proof
        ? `Approved ${proof.user.first_name}’s ${PROOFS[proof.proof]} for “${proof.task.title.en}” (reward ${tokens(proof.task.reward)})`
        : null,
  },
  reviewReject: {
    name: 'Reject a proof',
    asked: (s) => `Reject proof #${s.review_id}: ${s.reason}`,
    done: ({ proof, reason }) =>
      proof
        ? `Rejected ${proof.user.first_name}’s ${PROOFS[proof.proof]} for “${proof.task.title.en}”: ${reason}`
        : null,
  },
  withdrawalRefund: {
    name: 'Refund a withdrawal',
    asked: (s) => `Refund withdrawal #${s.withdrawal_id}`,
    done: ({ withdrawal_id, withdrawal }) =>
      withdrawal
        ? `Refunded withdrawal #${withdrawal_id} (${ton(withdrawal.ton_amount)}) of ${withdrawal.user.first_name}`
        : null,
  },
  withdrawalRetry: {
    name: 'Send a withdrawal again',
    asked: (s) => `Send withdrawal #${s.withdrawal_id} again`,
    done: ({ withdrawal_id, withdrawal }) =>
      withdrawal
        ? `Sent withdrawal #${withdrawal_id} (${ton(withdrawal.ton_amount)}) of ${withdrawal.user.first_name} again`
        : null,
  },
  payoutsSet: {
    name: 'Pause or resume payouts',
    asked: (s) => (s.paused ? 'Pause payouts' : 'Resume payouts'),
    done: (s) => (s.paused ? 'Paused payouts' : 'Resumed payouts'),
  },
  payoutResign: {
    name: 'Sign a held batch again',
    asked: (s) => `Sign held batch #${s.batch_id} again`,
    done: (s) =>
      s.withdrawals
        ? `Asked to sign held batch #${s.batch_id} again (withdrawals ${s.withdrawals.map((id) => `#${id}`).join(', ')})`
        : null,
  },
  treasuryResolve: {
    name: 'Resolve a treasury transaction',
    asked: (s) => `Resolve treasury transaction ${shortHash(s.hash)}: ${s.resolution}`,
    done: (s) => `Resolved treasury transaction ${shortHash(s.hash)}: ${s.resolution}`,
  },
  botSetup: {
    name: 'Set the bot up',
    asked: () => 'Set the bot up',
    done: (s) =>
      s.calls === undefined
        ? null
        : `Set the bot up: ${s.calls} Bot API calls, ${s.failed ? `${s.failed} failed` : 'all succeeded'}`,
  },
};

const phrasesOf = <K extends AuditSummary['kind']>(kind: K) => PHRASES[kind] as unknown as Phrases<K>;

/** An action's name in words ("Refund a withdrawal"); null for a name this CLI does not know. */
export function actionName(action: string | null): string | null {
  return action !== null && action in PHRASES ? PHRASES[action as OperatorActionCall].name : null;
}

/** What an audit entry says was done to what, in English. */
export function auditWords(entry: Pick<AuditEntry, 'summary' | 'status' | 'action' | 'method' | 'path'>): string {
  const { summary } = entry;
  if (summary === null) return actionName(entry.action) ?? `${entry.method} ${entry.path}`;
  const phrases = phrasesOf(summary.kind);
  const done = entry.status !== null && entry.status >= 200 && entry.status < 300 ? phrases.done(summary) : null;
  return done ?? phrases.asked(summary);
}
