import { useUnit } from 'effector-react';
import { TASK_ICONS, type TaskIcon } from '@console/shared/api';
import { useConsoleT } from '@console/shared/i18n';
import { SelectField } from '@console/shared/ui';
import { Icon } from '@shared/ui/icon';
import { TASK_ICON_GLYPHS, taskIconGlyph } from '@shared/ui/task-icon';
import { Modal } from '@shared/ui/modal';
import { Switch } from '@shared/ui/switch';
import { TextField } from '@shared/ui/text-field';
import { TASK_KIND_LIST, type TaskFormField } from '../lib/task-form';
import {
  $editing,
  $form,
  $problems,
  $saving,
  $submitted,
  fieldChanged,
  formClosed,
  formSubmitted,
} from '../model/tasks';
import styles from './tasks-page.module.css';

/** The icon picker's choices: the kind's own picture (no icon named), then each of the app's task icons. */
const ICON_CHOICES: ReadonlyArray<TaskIcon | ''> = ['', ...TASK_ICONS];

/** Add or edit a task: its kind (fixed once created) and the kind's settings, reward, texts, icon. */
export function TaskFormModal() {
  const t = useConsoleT();
  const [form, problems, submitted, editing, saving, change, close, submit] = useUnit([
    $form,
    $problems,
    $submitted,
    $editing,
    $saving,
    fieldChanged,
    formClosed,
    formSubmitted,
  ]);
  const problem = (field: TaskFormField) => {
    const key = submitted ? problems[field] : undefined;
    return key ? t(key) : null;
  };
  const text = (field: TaskFormField, label: string, type: 'text' | 'url' = 'text') => (
    <TextField
      id={`task-${field}`}
      label={label}
      value={String(form[field])}
      onChange={(value) => change({ field, value })}
      problem={problem(field)}
      type={type}
    />
  );
  return (
    <Modal
      title={editing ? t('tasks.formEdit') : t('tasks.formNew')}
      onClose={() => close()}
      actions={[
        { label: t('common.cancel'), onClick: () => close(), tone: 'plain' },
        { label: t('common.save'), onClick: () => submit(), disabled: saving, tone: 'primary' },
      ]}
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SelectField
          label={t('tasks.kind')}
          value={form.kind}
          disabled={editing !== null}
          onChange={(value) => change({ field: 'kind', value })}
        >
          {TASK_KIND_LIST.map((kind) => (
            <option key={kind} value={kind}>
              {t(`tasks.kind.${kind}`)}
            </option>
          ))}
        </SelectField>
        {text('reward', t('tasks.reward'))}
        {text('titleEn', t('tasks.titleEn'))}
        {text('titleRu', t('tasks.titleRu'))}
        {text('descriptionEn', t('tasks.descriptionEn'))}
        {text('descriptionRu', t('tasks.descriptionRu'))}
        <fieldset className={styles.icons}>
          <legend className={styles.iconsLegend}>{t('tasks.icon')}</legend>
          <div className={styles.iconGrid}>
            {ICON_CHOICES.map((name) => (
              <label key={name || 'kind'} className={styles.iconOption}>
                <input
                  type="radio"
                  name="task-icon"
                  value={name}
                  checked={form.icon === name}
                  onChange={() => change({ field: 'icon', value: name })}
                />
                <span className={styles.iconTile} aria-hidden>
                  <Icon name={name ? TASK_ICON_GLYPHS[name] : taskIconGlyph(null, form.kind)} />
                </span>
                <span className={styles.iconName}>{name ? t(`tasks.iconName.${name}`) : t('tasks.iconOfKind')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {form.kind === 'visit' || form.kind === 'community' ? text('url', t('tasks.url'), 'url') : null}
        {form.kind === 'visit' ? text('minSeconds', t('tasks.minSeconds')) : null}
        {form.kind === 'referrals' ? text('count', t('tasks.count')) : null}
        {form.kind === 'referrals' ? (
          <Switch
            label={t('tasks.payingOnly')}
            checked={form.payingOnly}
            onChange={(checked) => change({ field: 'payingOnly', value: checked })}
          />
        ) : null}
        {form.kind === 'link' ? text('allowedHosts', t('tasks.allowedHosts')) : null}
        {/* Enter in a field submits. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
