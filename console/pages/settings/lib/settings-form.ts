import type { OperatorBody, OperatorSettings } from '@console/shared/api';
import { inLocaleMark, readAmountInput } from '@shared/lib/amount-input';
import type { FormatLocale } from '@shared/lib/format';

/** The editable sale settings as typed. */
export interface SettingsForm {
  feePercent: string;
  networkFee: string;
  minReceive: string;
}
export type SettingsProblem = 'settings.feeInvalid' | 'settings.networkFeeInvalid' | 'settings.minReceiveInvalid';
export type SettingsProblems = Partial<Record<keyof SettingsForm, SettingsProblem>>;
/** What the form makes of the stored settings: the change to send (null: none), or why not. */
export interface SettingsCheck {
  change: OperatorBody<'settingsSet'> | null;
  problems: SettingsProblems;
  /** Every value is valid and equals the stored one: there is nothing to save. */
  unchanged: boolean;
}

/**
 * The stored settings as the fields show them: in the operator's language's decimal mark, as every figure
 * around them (docs/decisions.md "Formats", amount fields); the form reads either mark back.
 */
export const settingsToForm = (settings: OperatorSettings, locale: FormatLocale): SettingsForm => ({
  feePercent: inLocaleMark(String(settings.withdraw_fee_percent), locale),
  networkFee: inLocaleMark(settings.withdraw_network_fee, locale),
  minReceive: inLocaleMark(settings.withdraw_min_receive, locale),
});

/** A percent as typed ('2.5', '2,5') → its number; null when it is not one. */
const readPercent = (text: string): number | null => {
  const compact = text.trim().replace(',', '.');
  return /^\d{1,3}(?:\.\d{1,6})?$/.test(compact) ? Number(compact) : null;
};

/** An amount as the wire's decimal text, or '0' (null when not an amount). */
const readAmount = (text: string): string | null => {
  const read = readAmountInput(text);
  return read.kind === 'amount' ? read.amount : read.kind === 'zero' ? '0' : null;
};

/**
 * The change the form makes to `settings` (only what differs), with the rules the server checks
 * (contract settingsChangeSchema): the fee percent 0 ≤ p < 100, the network fee ≥ 0, the minimum to
 * receive > 0; something must change (else `unchanged`).
 */
export function settingsChange(form: SettingsForm, settings: OperatorSettings): SettingsCheck {
  const problems: SettingsProblems = {};
  const fee = readPercent(form.feePercent);
  if (fee === null || fee < 0 || fee >= 100) problems.feePercent = 'settings.feeInvalid';
  const networkFee = readAmount(form.networkFee);
  if (networkFee === null) problems.networkFee = 'settings.networkFeeInvalid';
  const minReceive = readAmount(form.minReceive);
  if (minReceive === null || minReceive === '0') problems.minReceive = 'settings.minReceiveInvalid';
  if (Object.keys(problems).length > 0) return { change: null, problems, unchanged: false };

  const change: OperatorBody<'settingsSet'> = {};
  if (fee !== settings.withdraw_fee_percent) change.withdraw_fee_percent = fee as number;
  if (readAmount(settings.withdraw_network_fee) !== networkFee) change.withdraw_network_fee = networkFee as string;
  if (readAmount(settings.withdraw_min_receive) !== minReceive) change.withdraw_min_receive = minReceive as string;
  if (Object.keys(change).length === 0) return { change: null, problems, unchanged: true };
  return { change, problems, unchanged: false };
}
