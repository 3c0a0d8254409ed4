import { combine, createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@/entities/console-session';
import { operatorCallFx, type OperatorBody, type OperatorSettings } from '@/shared/console-api';
import { createConfirmedAction } from '@/shared/lib/confirmed-action';
import { createQuery } from '@/shared/lib/query';
import { chainLoad } from '@/shared/routing';
import { consoleRoutes } from '@/shared/console-routing';
import { settingsChange, settingsToForm, type SettingsForm } from '../lib/settings-form';

export const settingsGetFx = operatorCallFx('settingsGet');
export const settingsSetFx = operatorCallFx('settingsSet');

export const settings = createQuery({ effect: settingsGetFx, initial: null as OperatorSettings | null });

export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.settings), pageOpened);
sample({ clock: pageOpened, target: settings.start });

export const fieldChanged = createEvent<Partial<SettingsForm>>();
export const saveClicked = createEvent();

export const $form = createStore<SettingsForm>({ feePercent: '', networkFee: '', minReceive: '' })
  .on(fieldChanged, (form, change) => ({ ...form, ...change }))
  .on(settings.done, (_, { result }) => settingsToForm(result));

/** Save was pressed: the problems show from then on (until the form is edited). */
export const $checked = createStore(false)
  .on(saveClicked, () => true)
  .on(fieldChanged, () => false);
const $check = combine($form, settings.$data, (form, current) =>
  current ? settingsChange(form, current) : { change: null, problems: {} },
);
export const $problems = combine($check, $checked, (check, checked) => (checked ? check.problems : {}));

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
/** The last save went through. */
export const $saved = createStore(false)
  .on(saveAction.done, () => true)
  .reset(fieldChanged, saveClicked);

settings.$data.on(saveAction.done, (_, { result }) => result);
$form.on(saveAction.done, (_, { result }) => settingsToForm(result));
