import { useUnit } from 'effector-react';
import { ActionDialog, ConsoleQueryState, CopyValue } from '@console/shared/ui';
import { payoutReasonWords } from '@console/entities/payout-reason';
import { useConsoleT } from '@console/shared/i18n';
import { formatCount, formatTon } from '@shared/lib/format';
import { Badge, type BadgeTone } from '@shared/ui/badge';
import { Button } from '@shared/ui/button';
import { Page } from '@shared/ui/page';
import { CardGrid, Fact, Facts } from '@console/shared/ui/record-card';
import { Section } from '@shared/ui/section';
import type { PayoutWorkerState } from '@console/shared/api';
import { $walletShort, maintenanceAction, overview, payoutsAction } from '../model/overview';
import styles from './overview-page.module.css';

const STATE_TONE: Record<PayoutWorkerState, BadgeTone> = {
  running: 'success',
  paused: 'warning',
  waiting: 'danger',
  disabled: 'neutral',
};

export function OverviewPage() {
  const t = useConsoleT();
  const [data, status, reload] = useUnit([overview.$data, overview.$status, overview.start]);
  const [payoutsPending, askPayouts, maintenancePending, askMaintenance] = useUnit([
    payoutsAction.$pending,
    payoutsAction.requested,
    maintenanceAction.$pending,
    maintenanceAction.requested,
  ]);
  const short = useUnit($walletShort);
  return (
    <Page title={t('overview.title')}>
      <ConsoleQueryState status={status} hasData={data !== null} onRetry={() => void reload()} testId="overview">
        {data ? (
          <CardGrid minWidth={340}>
            <Section title={t('overview.users')} id="overview-users">
              <Facts>
                <Fact label={t('overview.usersTotal')} value={formatCount(data.users.total)} strong />
                <Fact label={t('overview.usersNewToday')} value={formatCount(data.users.new_today)} />
              </Facts>
            </Section>
            <Section title={t('overview.money')} id="overview-money">
              <Facts>
                <Fact label={t('overview.mintToday')} value={formatTon(data.mint_received.today, t.locale)} />
                <Fact label={t('overview.mintWeek')} value={formatTon(data.mint_received.week, t.locale)} />
                <Fact label={t('overview.paidToday')} value={formatTon(data.paid_to_sellers.today, t.locale)} />
                <Fact label={t('overview.paidWeek')} value={formatTon(data.paid_to_sellers.week, t.locale)} />
              </Facts>
            </Section>
            <Section
              title={t('overview.hotWallet')}
              id="overview-wallet"
              footer={
                data.hot_wallet.address ? (
                  <CopyValue value={data.hot_wallet.address} label={t('overview.hotWalletAddress')} />
                ) : (
                  t('overview.noWallet')
                )
              }
            >
              <Facts>
                <Fact
                  label={t('overview.balance')}
                  value={
                    data.hot_wallet.balance === null
                      ? t('overview.balanceUnknown')
                      : formatTon(data.hot_wallet.balance, t.locale)
                  }
                  strong
                />
                <Fact label={t('overview.queued')} value={formatTon(data.hot_wallet.queued, t.locale)} />
              </Facts>
              {short ? (
                <p className={styles.warning} role="status">
                  {t('overview.short')}
                </p>
              ) : null}
            </Section>
            <Section title={t('overview.payouts')} id="overview-payouts">
              <Facts>
                <Fact
                  label={t('overview.state')}
                  value={
                    <Badge tone={STATE_TONE[data.payouts.state]} testId="payouts-state">
                      {t(`overview.state.${data.payouts.state}`)}
                    </Badge>
                  }
                />
                {data.payouts.reason ? (
                  <Fact
                    label={t('overview.reason')}
                    value={payoutReasonWords(data.payouts.reason_coded, data.payouts.reason, t)}
                    stacked
                  />
                ) : null}
                <Fact label={t('overview.heldBatches')} value={formatCount(data.payouts.held_batches)} />
              </Facts>
              <div className={styles.action}>
                <Button
                  variant={data.payouts.state === 'paused' ? 'primary' : 'destructive'}
                  loading={payoutsPending}
                  onClick={() => askPayouts(data.payouts.state !== 'paused')}
                >
                  {data.payouts.state === 'paused' ? t('overview.resume') : t('overview.pause')}
                </Button>
              </div>
            </Section>
            <Section title={t('overview.watcher')} id="overview-watcher">
              <Facts>
                <Fact
                  label={t('overview.lag')}
                  value={
                    data.watcher_lag_seconds === null
                      ? t('overview.lagNever')
                      : t('overview.lagSeconds', { count: formatCount(data.watcher_lag_seconds) })
                  }
                />
              </Facts>
            </Section>
            <Section title={t('overview.maintenance')} id="overview-maintenance">
              <Facts>
                <Fact
                  label={t('overview.state')}
                  value={
                    <Badge tone={data.maintenance ? 'warning' : 'neutral'} testId="maintenance-state">
                      {data.maintenance ? t('overview.maintenanceOn') : t('overview.maintenanceOff')}
                    </Badge>
                  }
                />
              </Facts>
              <div className={styles.action}>
                <Button
                  variant={data.maintenance ? 'primary' : 'destructive'}
                  loading={maintenancePending}
                  onClick={() => askMaintenance(!data.maintenance)}
                >
                  {data.maintenance ? t('overview.maintenanceDisable') : t('overview.maintenanceEnable')}
                </Button>
              </div>
            </Section>
            <Section title={t('overview.waiting')} id="overview-waiting">
              <Facts>
                <Fact label={t('overview.reviewsWaiting')} value={formatCount(data.reviews_waiting)} />
                <Fact label={t('overview.treasuryWaiting')} value={formatCount(data.treasury_waiting)} />
              </Facts>
            </Section>
          </CardGrid>
        ) : null}
      </ConsoleQueryState>
      <ActionDialog
        action={payoutsAction}
        danger={(pause) => pause}
        texts={(pause) => ({
          title: pause ? t('overview.pause') : t('overview.resume'),
          text: pause ? t('overview.pauseConfirm') : t('overview.resumeConfirm'),
        })}
      />
      <ActionDialog
        action={maintenanceAction}
        danger={(enable) => enable}
        texts={(enable) => ({
          title: enable ? t('overview.maintenanceEnable') : t('overview.maintenanceDisable'),
          text: enable ? t('overview.maintenanceEnableConfirm') : t('overview.maintenanceDisableConfirm'),
        })}
      />
    </Page>
  );
}
