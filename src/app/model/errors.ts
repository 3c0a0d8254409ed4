import { sample } from 'effector';
import {
  type ApiFailure,
  type DetailErrorCode,
  type ErrorCode,
  type OperatorErrorCode,
  type SandboxErrorCode,
  isInvalidInitData,
  requestFailed,
} from '@/shared/api';
import { timings } from '@/shared/config';
import { type FigureKind, formatAmount, NBSP } from '@/shared/lib/format';
import { $t, en, type Locale, type MessageKey, type Translate } from '@/shared/i18n';
import { closeAppFx, hapticErrorFx } from '@/shared/telegram';
import { showToast } from '@/shared/ui/toast';

/*
 * docs/product.md §8, the error catalogue. Every failed call shows its text in a toast (top-left, 3 s) with a
 * haptic error, and 'Invalid WebApp init data' (code invalidInitData) closes the Mini App (Telegram hands
 * out fresh launch data on the next open). The text is chosen by the answer's stable `code`
 * (contract/errors.ts), never by its English `msg`.
 */

/**
 * Each error code's catalogue key (the template's `{params}` are the answer's `params`): a code's text is
 * the catalogue's `server.<code>` or `validation.<code>`, but for these few. A detail code's key is only
 * for an answer without a `msg`: its `msg` says more, so it is shown as written. The rule keeps no table
 * of ~90 lines in the entry bundle; the types below refuse a code without its text, and
 * tests/unit/server-messages.test.ts holds every code the server can send to a text in both languages.
 */
const OTHER_KEYS: Readonly<Record<string, MessageKey>> = {
  notAMember: 'community.title',
  payloadTooLarge: 'error.fileTooLarge',
  validation: 'error.unknown',
  badRequest: 'error.unknown',
  conflict: 'error.unknown',
} as const satisfies Partial<Record<ErrorCode, MessageKey>>;
// The console's own refusals and the sandbox's never reach the Mini App (contract/errors.ts
// OPERATOR_ERROR_MESSAGES, SANDBOX_ERROR_MESSAGES).
type OtherKeyed = 'notAMember' | 'payloadTooLarge' | DetailErrorCode | OperatorErrorCode | SandboxErrorCode;
/** The codes (if any) with neither a `server.` nor a `validation.` text: a compile error names them. */
type WithoutText<C extends string> = C extends unknown
  ? `server.${C}` extends MessageKey
    ? never
    : `validation.${C}` extends MessageKey
      ? never
      : C
  : never;
const everyCodeHasText: [WithoutText<Exclude<ErrorCode, OtherKeyed>>] extends [never]
  ? true
  : WithoutText<Exclude<ErrorCode, OtherKeyed>> = true;
void everyCodeHasText;

const hasKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

/** The catalogue key of an error code's text; undefined for a code this client does not know. */
export function errorTextKey(code: string | null | undefined): MessageKey | undefined {
  if (!code) return undefined;
  if (Object.hasOwn(OTHER_KEYS, code)) return OTHER_KEYS[code];
  return [`server.${code}`, `validation.${code}`].find(hasKey);
}

const DETAIL_CODES: ReadonlySet<string> = new Set<DetailErrorCode>(['validation', 'badRequest', 'conflict']);

/**
 * An amount in an answer's params is shown as the format policy says (docs/decisions.md "Formats"), in
 * the user's language: the unit written after its placeholder in the English template (`{amount}\u00A0TON`)
 * says which decimals. Such params are the programme's limits, so without zeros after the point ('at least
 * 1 TON'). Any other param is shown as sent.
 */
const UNIT_KINDS = { TON: 'ton', TKN: 'token' } as const satisfies Record<string, FigureKind>;
function formatParams(
  key: MessageKey,
  params: Readonly<Record<string, string>>,
  locale: Locale,
): Record<string, string> {
  const template: string = en[key];
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const unit = (['TON', 'TKN'] as const).find((u) => template.includes(`{${name}}${NBSP}${u}`));
    shown[name] = unit ? formatAmount(value, UNIT_KINDS[unit], locale, { trim: true }) : value;
  }
  return shown;
}

/** A code's text in the user's language with its params, or null for a code this client does not know. */
export function codeText(
  code: string | null | undefined,
  params: Readonly<Record<string, string>> | null | undefined,
  t: Translate,
): string | null {
  const key = errorTextKey(code);
  if (!key) return null;
  return (t as (key: MessageKey, params?: Readonly<Record<string, string>>) => string)(
    key,
    formatParams(key, params ?? {}, t.locale),
  );
}

/** The toast's text in the user's language: by the answer's code; the server's `msg` for a detail or unknown code. */
export function failureText(failure: ApiFailure, t: Translate): string {
  if (failure.kind === 'network') return t('error.network');
  if (failure.kind === 'timeout') return t('error.timeout');
  if (failure.status === 413) return t('error.fileTooLarge');
  const detail = failure.code != null && DETAIL_CODES.has(failure.code);
  if (!detail) {
    const text = codeText(failure.code, failure.params, t);
    if (text !== null) return text;
  }
  return failure.serverMessage ?? t('error.unknown');
}

sample({
  clock: requestFailed,
  source: $t,
  fn: (t, failure) => ({ text: failureText(failure, t), kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: requestFailed, fn: () => undefined, target: hapticErrorFx });
sample({ clock: requestFailed, filter: isInvalidInitData, fn: () => undefined, target: closeAppFx });
