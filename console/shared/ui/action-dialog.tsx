import { useUnit } from 'effector-react';
import { useConsoleT } from '../i18n';
import type { ConfirmedAction } from '../lib/confirmed-action';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The confirmation of one console action (a `createConfirmedAction`), open while it asks: its texts for
 * what it asks about, Confirm disabled while it runs, and the required text's field when it takes one.
 */
export function ActionDialog<Target, Result>({
  action,
  texts,
  danger = false,
  field,
}: {
  action: ConfirmedAction<Target, Result>;
  texts: (target: Target) => { title: string; text?: string; confirm?: string };
  danger?: boolean | ((target: Target) => boolean);
  /** The required text: its label and what to say when it is missing. */
  field?: { label: string; missing: string };
}) {
  const t = useConsoleT();
  const [asking, pending, text, missing, confirmed, cancelled, textChanged] = useUnit([
    action.$asking,
    action.$pending,
    action.$text,
    action.$textMissing,
    action.confirmed,
    action.cancelled,
    action.textChanged,
  ]);
  if (asking === null) return null;
  const { title, text: explanation, confirm = t('common.confirm') } = texts(asking);
  return (
    <ConfirmDialog
      texts={{ title, text: explanation, confirm, cancel: t('common.cancel') }}
      danger={typeof danger === 'function' ? danger(asking) : danger}
      pending={pending}
      onConfirm={() => confirmed()}
      onCancel={() => cancelled()}
      field={
        field
          ? { label: field.label, value: text, onChange: textChanged, problem: missing ? field.missing : null }
          : undefined
      }
    />
  );
}
