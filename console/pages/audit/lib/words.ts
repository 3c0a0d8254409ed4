import type { AuditEntry, AuditSummary, OperatorActionCall } from '@console/shared/api';
import type { ConsoleMessageKey, ConsoleTranslate } from '@console/shared/i18n';
import type { Locale } from '@shared/i18n';
import { formatPercent, formatPrice, formatTokens, formatTon } from '@shared/lib/format';
import { auditOutcome } from './outcome';

/*
 * What an audit entry says was done to what, in the operator's language (docs/decisions.md "The audit's
 * words"), from the entry's summary (server/audit/summary.ts): the past tense once the action was done
 * ("Refunded withdrawal #4 (1.8060 TON) of Alice"), what was asked while it was refused or its outcome is
 * unknown ("Refund withdrawal #4"), and the call's name when its request was not one the call takes (or the
 * entry is older than summaries). The CLI says the same in English (server/audit/words.ts).
 */

type Of<K extends AuditSummary['kind']> = Extract<AuditSummary, { kind: K }>;
type Say = (summary: AuditSummary, t: ConsoleTranslate, locale: Locale) => string | null;

/** The name of each action (the audit's filter offers them by it). */
export const ACTION_NAMES = {
  sessionOpen: 'audit.call.sessionOpen',
  sessionClose: 'audit.call.sessionClose',
  settingsSet: 'audit.call.settingsSet',
  maintenanceSet: 'audit.call.maintenanceSet',
  priceSet: 'audit.call.priceSet',
  taskCreate: 'audit.call.taskCreate',
  taskChange: 'audit.call.taskChange',
  reviewApprove: 'audit.call.reviewApprove',
  reviewReject: 'audit.call.reviewReject',
  withdrawalRefund: 'audit.call.withdrawalRefund',
  withdrawalRetry: 'audit.call.withdrawalRetry',
  payoutsSet: 'audit.call.payoutsSet',
  payoutResign: 'audit.call.payoutResign',
  treasuryResolve: 'audit.call.treasuryResolve',
  botSetup: 'audit.call.botSetup',
} as const satisfies Record<OperatorActionCall, ConsoleMessageKey>;

const isKnownAction = (action: string | null): action is OperatorActionCall =>
  action !== null && action in ACTION_NAMES;

/** A setting is the programme's own figure: no zeros after the point ('at least 1 TON', '5%'). */
const RULE = { trim: true } as const;

/** A transaction hash in words: its ends (the whole is in the entry's details). */
export const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

function settingsChanges({ changes }: Of<'settingsSet'>, t: ConsoleTranslate): string {
  return [
    changes.withdraw_fee_percent === undefined
      ? null
      : t('audit.setting.fee', { value: formatPercent(String(changes.withdraw_fee_percent), t.locale, RULE) }),
    changes.withdraw_network_fee === undefined
      ? null
      : t('audit.setting.networkFee', { value: formatTon(changes.withdraw_network_fee, t.locale, RULE) }),
    changes.withdraw_min_receive === undefined
      ? null
      : t('audit.setting.minReceive', { value: formatTon(changes.withdraw_min_receive, t.locale, RULE) }),
  ]
    .filter(Boolean)
    .join(', ');
}

const FIELDS = {
  title: 'audit.field.title',
  description: 'audit.field.description',
  icon: 'audit.field.icon',
  settings: 'audit.field.settings',
  is_active: 'audit.field.isActive',
  sort_order: 'audit.field.sortOrder',
} as const satisfies Record<Exclude<Of<'taskChange'>['changed'][number], 'reward'>, ConsoleMessageKey>;

function taskChange(s: Of<'taskChange'>, done: boolean, t: ConsoleTranslate, locale: Locale): string {
  const id = s.task_id;
  const title = s.title?.[locale] ?? '';
  const only = s.changed.length === 1 ? s.changed[0] : null;
  if (only === 'is_active' && s.is_active !== undefined) {
    if (done) return t(s.is_active ? 'audit.done.taskOn' : 'audit.done.taskOff', { id, title });
    return t(s.is_active ? 'audit.asked.taskOn' : 'audit.asked.taskOff', { id });
  }
  if (only === 'sort_order' && s.sort_order !== undefined) {
    return done
      ? t('audit.done.taskMove', { id, title, order: s.sort_order })
      : t('audit.asked.taskMove', { id, order: s.sort_order });
  }
  const fields = s.changed
    .map((field) =>
      field === 'reward'
        ? t('audit.field.reward', { reward: s.reward ? formatTokens(s.reward, t.locale) : '' })
        : t(FIELDS[field]),
    )
    .join(', ');
  return done ? t('audit.done.taskChange', { id, title, fields }) : t('audit.asked.taskChange', { id, fields });
}

const PROOFS = { photo: 'audit.proof.photo', link: 'audit.proof.link' } as const;
const proofWord = (kind: string, t: ConsoleTranslate) =>
  t(kind === 'photo' || kind === 'link' ? PROOFS[kind] : 'audit.proof.other');

/** Each action's words: what was asked (always sayable) and what was done (null: the answer's facts are missing). */
const SAY: { [K in OperatorActionCall]: { asked: Say; done: Say } } = {
  sessionOpen: { asked: (_, t) => t('audit.asked.sessionOpen'), done: (_, t) => t('audit.done.sessionOpen') },
  sessionClose: { asked: (_, t) => t('audit.asked.sessionClose'), done: (_, t) => t('audit.done.sessionClose') },
  settingsSet: {
    asked: (s, t) => t('audit.asked.settingsSet', { changes: settingsChanges(s as Of<'settingsSet'>, t) }),
    done: (s, t) => t('audit.done.settingsSet', { changes: settingsChanges(s as Of<'settingsSet'>, t) }),
  },
  maintenanceSet: {
    asked: (s, t) =>
      t((s as Of<'maintenanceSet'>).enabled ? 'audit.asked.maintenanceOn' : 'audit.asked.maintenanceOff'),
    done: (s, t) => t((s as Of<'maintenanceSet'>).enabled ? 'audit.done.maintenanceOn' : 'audit.done.maintenanceOff'),
  },
  priceSet: {
    asked: (s, t) => t('audit.asked.priceSet', { price: formatPrice((s as Of<'priceSet'>).price, t.locale) }),
    done: (s, t) => t('audit.done.priceSet', { price: formatPrice((s as Of<'priceSet'>).price, t.locale) }),
  },
  taskCreate: {
    asked: (s, t, locale) => {
      const task = s as Of<'taskCreate'>;
      return t('audit.asked.taskCreate', {
        title: task.title[locale],
        kind: t(`tasks.kind.${task.task_kind}`),
        reward: formatTokens(task.reward, t.locale),
      });
    },
    done: (s, t, locale) => {
      const task = s as Of<'taskCreate'>;
      if (task.task_id === undefined) return null;
      return t('audit.done.taskCreate', {
        id: task.task_id,
        title: task.title[locale],
        kind: t(`tasks.kind.${task.task_kind}`),
        reward: formatTokens(task.reward, t.locale),
      });
    },
  },
  taskChange: {
    asked: (s, t, locale) => taskChange(s as Of<'taskChange'>, false, t, locale),
    done: (s, t, locale) => ((s as Of<'taskChange'>).title ? taskChange(s as Of<'taskChange'>, true, t, locale) : null),
  },
  reviewApprove: {
    asked: (s, t) => t('audit.asked.reviewApprove', { id: (s as Of<'reviewApprove'>).review_id }),
    done: (s, t, locale) => {
      const { proof } = s as Of<'reviewApprove'>;
      if (!proof) return null;
      return t('audit.done.reviewApprove', {
        user: proof.user.first_name,
        proof: proofWord(proof.proof, t),
        task: proof.task.title[locale],
        reward: formatTokens(proof.task.reward, t.locale),
      });
    },
  },
  reviewReject: {
    asked: (s, t) => {
      const { review_id, reason } = s as Of<'reviewReject'>;
      return t('audit.asked.reviewReject', { id: review_id, reason });
    },
    done: (s, t, locale) => {
      const { proof, reason } = s as Of<'reviewReject'>;
      if (!proof) return null;
      return t('audit.done.reviewReject', {
        user: proof.user.first_name,
        proof: proofWord(proof.proof, t),
        task: proof.task.title[locale],
        reason,
      });
    },
  },
  withdrawalRefund: {
    asked: (s, t) => t('audit.asked.withdrawalRefund', { id: (s as Of<'withdrawalRefund'>).withdrawal_id }),
    done: (s, t) => {
      const { withdrawal_id: id, withdrawal } = s as Of<'withdrawalRefund'>;
      if (!withdrawal) return null;
      return t('audit.done.withdrawalRefund', {
        id,
        amount: formatTon(withdrawal.ton_amount, t.locale),
        user: withdrawal.user.first_name,
      });
    },
  },
  withdrawalRetry: {
    asked: (s, t) => t('audit.asked.withdrawalRetry', { id: (s as Of<'withdrawalRetry'>).withdrawal_id }),
    done: (s, t) => {
      const { withdrawal_id: id, withdrawal } = s as Of<'withdrawalRetry'>;
      if (!withdrawal) return null;
      return t('audit.done.withdrawalRetry', {
        id,
        amount: formatTon(withdrawal.ton_amount, t.locale),
        user: withdrawal.user.first_name,
      });
    },
  },
  payoutsSet: {
    asked: (s, t) => t((s as Of<'payoutsSet'>).paused ? 'audit.asked.payoutsPause' : 'audit.asked.payoutsResume'),
    done: (s, t) => t((s as Of<'payoutsSet'>).paused ? 'audit.done.payoutsPause' : 'audit.done.payoutsResume'),
  },
  payoutResign: {
    asked: (s, t) => t('audit.asked.payoutResign', { id: (s as Of<'payoutResign'>).batch_id }),
    done: (s, t) => {
      const { batch_id: id, withdrawals } = s as Of<'payoutResign'>;
      if (!withdrawals) return null;
      return t('audit.done.payoutResign', { id, withdrawals: withdrawals.map((w) => `#${w}`).join(', ') });
    },
  },
  treasuryResolve: {
    asked: (s, t) => {
      const { hash, resolution } = s as Of<'treasuryResolve'>;
      return t('audit.asked.treasuryResolve', { hash: shortHash(hash), resolution });
    },
    done: (s, t) => {
      const { hash, resolution } = s as Of<'treasuryResolve'>;
      return t('audit.done.treasuryResolve', { hash: shortHash(hash), resolution });
    },
  },
  botSetup: {
    asked: (_, t) => t('audit.asked.botSetup'),
    done: (s, t) => {
      const { calls, failed } = s as Of<'botSetup'>;
      if (calls === undefined) return null;
      return failed
        ? t('audit.done.botSetupFailed', { count: calls, failed })
        : t('audit.done.botSetup', { count: calls });
    },
  },
};

/** An action's name in words ("Refund a withdrawal"); null for one this console does not know. */
export function actionName(action: string | null, t: ConsoleTranslate): string | null {
  return isKnownAction(action) ? t(ACTION_NAMES[action]) : null;
}

/** What an audit entry says was done to what, in the console's language. */
export function auditWords(
  entry: Pick<AuditEntry, 'summary' | 'status' | 'action' | 'method' | 'path'>,
  t: ConsoleTranslate,
  locale: Locale,
): string {
  const { summary } = entry;
  if (summary === null) return actionName(entry.action, t) ?? `${entry.method} ${entry.path}`;
  const say = SAY[summary.kind];
  const done = auditOutcome(entry.status) === 'ok' ? say.done(summary, t, locale) : null;
  return done ?? say.asked(summary, t, locale) ?? `${entry.method} ${entry.path}`;
}
