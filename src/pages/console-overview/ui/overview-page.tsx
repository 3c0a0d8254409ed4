import { useUnit } from 'effector-react';
import { ActionDialog, ConsoleQueryState } from '@/shared/console-ui';
import { useConsoleT } from '@/shared/console-i18n';
import { formatCount, formatTon } from '@/shared/lib/format';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { CardGrid } from '@/shared/ui/record-card';
import { Section } from '@/shared/ui/section';
import type { PayoutWorkerState } from '@/shared/console-api';
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
      <ConsoleQueryState status={status} hasData={data !== null} onRetry={() => reload()} testId="overview">
        {data ? (
          <CardGrid minWidth={340}>
            <Section title={t('overview.users')} id="overview-users">
              <ListRows>
                <ListRow label={t('overview.usersTotal')} value={formatCount(data.users.total)} strong />
                <ListRow label={t('overview.usersNewToday')} value={formatCount(data.users.new_today)} />
              </ListRows>
            </Section>
            <Section title={t('overview.money')} id="overview-money">
              <ListRows>
                <ListRow label={t('overview.mintToday')} value={formatTon(data.mint_received.today)} />
                <ListRow label={t('overview.mintWeek')} value={formatTon(data.mint_received.week)} />
                <ListRow label={t('overview.paidToday')} value={formatTon(data.paid_to_sellers.today)} />
                <ListRow label={t('overview.paidWeek')} value={formatTon(data.paid_to_sellers.week)} />
              </ListRows>
            </Section>
            <Section
              title={t('overview.hotWallet')}
              id="overview-wallet"
              footer={
                data.hot_wallet.address ? (
                  <span className={styles.address}>{data.hot_wallet.address}</span>
                ) : (
                  t('overview.noWallet')
                )
              }
            >
              <ListRows>
                <ListRow
                  label={t('overview.balance')}
                  value={
                    data.hot_wallet.balance === null ? t('overview.balanceUnknown') : formatTon(data.hot_wallet.balance)
                  }
                  strong
                />
                <ListRow label={t('overview.queued')} value={formatTon(data.hot_wallet.queued)} />
              </ListRows>
              {short ? (
                <p className={styles.warning} role="status">
                  {t('overview.short')}
                </p>
              ) : null}
            </Section>
            <Section title={t('overview.payouts')} id="overview-payouts">
              <ListRows>
                <ListRow
                  label={t('overview.state')}
                  value={
                    <Badge tone={STATE_TONE[data.payouts.state]} testId="payouts-state">
                      {t(`overview.state.${data.payouts.state}`)}
                    </Badge>
                  }
                />
                {data.payouts.reason ? <ListRow label={t('overview.reason')} value={data.payouts.reason} /> : null}
                <ListRow label={t('overview.heldBatches')} value={formatCount(data.payouts.held_batches)} />
              </ListRows>
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
              <ListRows>
                <ListRow
                  label={t('overview.lag')}
                  value={
                    data.watcher_lag_seconds === null
                      ? t('overview.lagNever')
                      : t('overview.lagSeconds', { count: formatCount(data.watcher_lag_seconds) })
                  }
                />
              </ListRows>
            </Section>
            <Section title={t('overview.maintenance')} id="overview-maintenance">
              <ListRows>
                <ListRow
                  label={t('overview.state')}
                  value={
                    <Badge tone={data.maintenance ? 'warning' : 'neutral'} testId="maintenance-state">
                      {data.maintenance ? t('overview.maintenanceOn') : t('overview.maintenanceOff')}
                    </Badge>
                  }
                />
              </ListRows>
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
              <ListRows>
                <ListRow label={t('overview.reviewsWaiting')} value={formatCount(data.reviews_waiting)} />
                <ListRow label={t('overview.treasuryWaiting')} value={formatCount(data.treasury_waiting)} />
              </ListRows>
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
