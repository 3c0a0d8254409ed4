/**
 * What an operator action was done to, in facts (docs/decisions.md "The audit's words"): the row's
 * `summary`, from which the console (en, ru) and the CLI (en) make the words — "Refunded withdrawal #4
 * (1.8060 TON) of Alice", "Set the price to 0.0125 TON". Pure: no lookup, no other domain.
 * - `askedSummary` reads the request with the call's own schemas (the contract's operatorCallSchemas) when
 *   the row is written, before the action runs: what the operator asked for, to what (ids, the new price,
 *   the reason…). A request the call does not take (its handler refuses it) has none: null.
 * - `answeredSummary` adds what the action's answer says once it was done (the withdrawal's amount and
 *   whose it is, the proof's task and user, the new task's id), written with the outcome. An action
 *   refused or of unknown outcome keeps what was asked.
 * One describer per operator action (OperatorActionCall): a new action does not compile without one.
 */
import {
  AUDIT_TASK_FIELDS,
  type AuditSummary,
  type OperatorActionCall,
  type OperatorCallName,
  formatUnits,
  operatorCallSchemas,
} from '@contract';

/** The longest text a summary keeps (a reason, a resolution, a title: their calls allow up to 1 000). */
export const AUDIT_SUMMARY_TEXT_MAX = 500;

const cut = (text: string) =>
  text.length > AUDIT_SUMMARY_TEXT_MAX ? `${text.slice(0, AUDIT_SUMMARY_TEXT_MAX - 1)}…` : text;
const title = (value: { en: string; ru: string }) => ({ en: cut(value.en), ru: cut(value.ru) });
const user = (value: { id: number; telegram_id: number; first_name: string; username: string | null }) => ({
  id: value.id,
  telegram_id: value.telegram_id,
  first_name: cut(value.first_name),
  username: value.username,
});

type Summary<K extends OperatorActionCall> = Extract<AuditSummary, { kind: K }>;
type Schemas<K extends OperatorActionCall> = (typeof operatorCallSchemas)[K];
type Parsed<K extends OperatorActionCall, P extends 'params' | 'body'> =
  Schemas<K> extends Record<P, { parse: (value: unknown) => infer T }> ? T : undefined;
type Answer<K extends OperatorActionCall> = Schemas<K>['response'] extends { parse: (value: unknown) => infer T }
  ? T
  : never;

interface Describer<K extends OperatorActionCall> {
  /** The facts of the request, read with the call's schemas. */
  asked: (request: { params: Parsed<K, 'params'>; body: Parsed<K, 'body'> }) => Summary<K>;
  /** The facts once the action answered (2xx). */
  answered?: (asked: Summary<K>, answer: Answer<K>) => Summary<K>;
}

const describers: { [K in OperatorActionCall]: Describer<K> } = {
  sessionOpen: { asked: () => ({ kind: 'sessionOpen' }) },
  sessionClose: { asked: () => ({ kind: 'sessionClose' }) },
  settingsSet: {
    asked: ({ body }) => ({
      kind: 'settingsSet',
      changes: {
        ...(body.withdraw_fee_percent === undefined ? {} : { withdraw_fee_percent: body.withdraw_fee_percent }),
        ...(body.withdraw_network_fee === undefined
          ? {}
          : { withdraw_network_fee: formatUnits(body.withdraw_network_fee) }),
        ...(body.withdraw_min_receive === undefined
          ? {}
          : { withdraw_min_receive: formatUnits(body.withdraw_min_receive) }),
      },
    }),
  },
  maintenanceSet: { asked: ({ body }) => ({ kind: 'maintenanceSet', enabled: body.enabled }) },
  priceSet: { asked: ({ body }) => ({ kind: 'priceSet', price: formatUnits(body.price) }) },
  taskCreate: {
    asked: ({ body }) => ({
      kind: 'taskCreate',
      task_kind: body.kind,
      title: title(body.title),
      reward: formatUnits(body.reward),
    }),
    answered: (asked, task) => ({ ...asked, task_id: task.id, title: title(task.title), reward: task.reward }),
  },
  taskChange: {
    asked: ({ params, body }) => ({
      kind: 'taskChange',
      task_id: params.id,
      changed: AUDIT_TASK_FIELDS.filter((field) => body[field] !== undefined),
      ...(body.is_active === undefined ? {} : { is_active: body.is_active }),
      ...(body.sort_order === undefined ? {} : { sort_order: body.sort_order }),
      ...(body.reward === undefined ? {} : { reward: formatUnits(body.reward) }),
    }),
    answered: (asked, task) => ({ ...asked, title: title(task.title) }),
  },
  reviewApprove: {
    asked: ({ params }) => ({ kind: 'reviewApprove', review_id: params.id }),
    answered: (asked, item) => ({
      ...asked,
      proof: { proof: item.kind, task: { ...item.task, title: title(item.task.title) }, user: user(item.user) },
    }),
  },
  reviewReject: {
    asked: ({ params, body }) => ({ kind: 'reviewReject', review_id: params.id, reason: cut(body.reason) }),
    answered: (asked, item) => ({
      ...asked,
      proof: { proof: item.kind, task: { ...item.task, title: title(item.task.title) }, user: user(item.user) },
    }),
  },
  withdrawalRefund: {
    asked: ({ params }) => ({ kind: 'withdrawalRefund', withdrawal_id: params.id }),
    answered: (asked, withdrawal) => ({
      ...asked,
      withdrawal: {
        ton_amount: withdrawal.ton_amount,
        token_amount: withdrawal.token_amount,
        user: user({ id: withdrawal.user_id, ...withdrawal.user }),
      },
    }),
  },
  withdrawalRetry: {
    asked: ({ params }) => ({ kind: 'withdrawalRetry', withdrawal_id: params.id }),
    answered: (asked, withdrawal) => ({
      ...asked,
      withdrawal: {
        ton_amount: withdrawal.ton_amount,
        token_amount: withdrawal.token_amount,
        user: user({ id: withdrawal.user_id, ...withdrawal.user }),
      },
    }),
  },
  payoutsSet: { asked: ({ body }) => ({ kind: 'payoutsSet', paused: body.paused }) },
  payoutResign: {
    asked: ({ params }) => ({ kind: 'payoutResign', batch_id: params.id }),
    answered: (asked, batch) => ({ ...asked, withdrawals: batch.withdrawals.slice(0, 100) }),
  },
  treasuryResolve: {
    asked: ({ body }) => ({ kind: 'treasuryResolve', hash: cut(body.hash), resolution: cut(body.resolution) }),
  },
  botSetup: {
    asked: () => ({ kind: 'botSetup' }),
    answered: (asked, setup) => ({
      ...asked,
      calls: setup.steps.length,
      failed: setup.steps.filter((step) => !step.ok).length,
    }),
  },
};

const isAction = (call: OperatorCallName): call is OperatorActionCall => call in describers;

/** A request part read with the call's schema; `undefined` when the call has none; null when it is not valid. */
function part(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } } | undefined,
  value: unknown,
) {
  if (!schema) return undefined;
  const read = schema.safeParse(value);
  return read.success ? read.data : null;
}

/** What the operator asked for, from the request; null when it is not a request the call takes. */
export function askedSummary(call: OperatorCallName | undefined, params: unknown, body: unknown): AuditSummary | null {
  if (call === undefined || !isAction(call)) return null;
  const schemas = operatorCallSchemas[call] as { params?: never; body?: never };
  const readParams = part(schemas.params, params);
  const readBody = part(schemas.body, body);
  if (readParams === null || readBody === null) return null;
  const describer = describers[call] as unknown as Describer<OperatorActionCall>;
  return describer.asked({ params: readParams as never, body: readBody as never });
}

/** The summary once the action answered (2xx) with `answer`: what was asked, with what the answer says. */
export function answeredSummary(
  call: OperatorCallName | undefined,
  asked: AuditSummary | null,
  answer: unknown,
): AuditSummary | null {
  if (call === undefined || !isAction(call) || asked === null || asked.kind !== call) return asked;
  const describer = describers[call] as unknown as Describer<OperatorActionCall>;
  if (!describer.answered) return asked;
  const read = operatorCallSchemas[call].response.safeParse(answer);
  return read.success ? describer.answered(asked as never, read.data as never) : asked;
}
