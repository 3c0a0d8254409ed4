import { combine, createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { $consoleLocale } from '@console/shared/i18n';
import { type OperatorBody, type OperatorSettings } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { createConfirmedAction } from '@console/shared/lib/confirmed-action';
import { createQuery } from '@shared/lib/query';
import { chainLoad } from '@shared/routing';
import { consoleRoutes } from '@console/shared/routing';
import {
  settingsChange,
  settingsToForm,
  type SettingsCheck,
  type SettingsForm,
  type SettingsProblems,
} from '../lib/settings-form';

export const settingsGetFx = operatorCallFx('settingsGet');
export const settingsSetFx = operatorCallFx('settingsSet');

export const settings = createQuery({ effect: settingsGetFx, initial: null as OperatorSettings | null });

export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.settings), pageOpened);
sample({ clock: pageOpened, target: settings.start });

export const fieldChanged = createEvent<Partial<SettingsForm>>();
export const saveClicked = createEvent();

export const $form = createStore<SettingsForm>({ feePercent: '', networkFee: '', minReceive: '' }).on(
  fieldChanged,
  (form, change) => ({ ...form, ...change }),
);
sample({
  clock: settings.finished.success,
  source: $consoleLocale,
  fn: (locale, { result }) => settingsToForm(result, locale),
  target: $form,
});

/** Save was pressed: the problems show from then on (until the form is edited). */
export const $checked = createStore(false)
  .on(saveClicked, () => true)
  .on(fieldChanged, () => false);
const $check = combine($form, settings.$data, (form, current): SettingsCheck =>
  current ? settingsChange(form, current) : { change: null, problems: {}, unchanged: false },
);
export const $problems = combine($check, $checked, (check, checked): SettingsProblems =>
  checked ? check.problems : {},
);

/** Saves the change, behind a confirmation. */
export const saveAction = createConfirmedAction({
  effect: settingsSetFx,
  toParams: (change: OperatorBody<'settingsSet'>) => ({ body: change }),
});
sample({
  clock: saveClicked,
  source: $check,
  filter: (check) => check.change !== null,
  fn: (check) => check.change as OperatorBody<'settingsSet'>,
  target: saveAction.requested,
});

/** The server refused the change (422: a rule it checks): its message, shown under the form. */
export const $serverProblem = createStore<string | null>(null)
  .on(settingsSetFx.failData, (_, error) => (error.status === 422 || error.status === 400 ? error.message : null))
  .reset(fieldChanged, settingsSetFx.done);

/**
 * The one line the form says after Save: "Nothing changed" (Save with the stored values) or "Settings
 * saved" (the last save went through) — never both, though a saved form equals the stored settings.
 */
export type SettingsNotice = 'settings.unchanged' | 'settings.saved';
export const $notice = createStore<SettingsNotice | null>(null)
  .on(saveAction.done, () => 'settings.saved')
  .reset(fieldChanged, settingsSetFx.fail);
sample({
  clock: saveClicked,
  source: $check,
  fn: (check): SettingsNotice | null => (check.unchanged ? 'settings.unchanged' : null),
  target: $notice,
});

settings.$data.on(saveAction.done, (_, { result }) => result);
sample({
  clock: saveAction.done,
  source: $consoleLocale,
  fn: (locale, { result }) => settingsToForm(result, locale),
  target: $form,
});
