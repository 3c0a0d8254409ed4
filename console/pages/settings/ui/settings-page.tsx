import { useUnit } from 'effector-react';
import { ActionDialog, ConsoleQueryState, FormStack } from '@console/shared/ui';
import { useConsoleT } from '@console/shared/i18n';
import { formatPercent } from '@shared/lib/format';
import { Button } from '@shared/ui/button';
import { Page } from '@shared/ui/page';
import { CardGrid, Fact, Facts } from '@console/shared/ui/record-card';
import { Section } from '@shared/ui/section';
import { TextField } from '@shared/ui/text-field';
import {
  $form,
  $notice,
  $problems,
  $serverProblem,
  fieldChanged,
  pageOpened,
  saveAction,
  saveClicked,
  settings,
} from '../model/settings';
import styles from './settings-page.module.css';

export function SettingsPage() {
  const t = useConsoleT();
  const [current, status, reload] = useUnit([settings.$data, settings.$status, pageOpened]);
  const [form, problems, serverProblem, notice, change, save] = useUnit([
    $form,
    $problems,
    $serverProblem,
    $notice,
    fieldChanged,
    saveClicked,
  ]);
  const pending = useUnit(saveAction.$pending);
  const problem = (field: keyof typeof problems) => {
    const key = problems[field];
    return key ? t(key) : null;
  };
  return (
    <Page title={t('settings.title')}>
      <ConsoleQueryState status={status} hasData={current !== null} onRetry={() => reload()} testId="settings">
        {current ? (
          <CardGrid minWidth={360}>
            <Section title={t('settings.sale')} id="settings-sale">
              <FormStack onSubmit={() => save()}>
                <TextField
                  id="settings-fee"
                  label={t('settings.feePercent')}
                  value={form.feePercent}
                  onChange={(feePercent) => change({ feePercent })}
                  problem={problem('feePercent')}
                  mono
                />
                <TextField
                  id="settings-network-fee"
                  label={t('settings.networkFee')}
                  value={form.networkFee}
                  onChange={(networkFee) => change({ networkFee })}
                  problem={problem('networkFee')}
                  mono
                />
                <TextField
                  id="settings-min-receive"
                  label={t('settings.minReceive')}
                  value={form.minReceive}
                  onChange={(minReceive) => change({ minReceive })}
                  problem={problem('minReceive')}
                  mono
                />
                {serverProblem ? (
                  <p className={styles.problem} role="alert">
                    {serverProblem}
                  </p>
                ) : notice ? (
                  <p
                    className={notice === 'settings.saved' ? styles.saved : styles.note}
                    role="status"
                    data-testid="settings-notice"
                  >
                    {t(notice)}
                  </p>
                ) : null}
                <Button type="submit" loading={pending}>
                  {t('common.save')}
                </Button>
              </FormStack>
            </Section>
            <Section title={t('settings.bonus')} id="settings-bonus" footer={t('settings.bonusNote')}>
              <Facts>
                <Fact label={t('settings.bonus')} value={formatPercent(String(current.collective_bonus), t.locale)} />
              </Facts>
            </Section>
          </CardGrid>
        ) : null}
      </ConsoleQueryState>
      <ActionDialog action={saveAction} texts={() => ({ title: t('common.save'), text: t('settings.confirm') })} />
    </Page>
  );
}
