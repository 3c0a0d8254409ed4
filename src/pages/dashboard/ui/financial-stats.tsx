import { useUnit } from 'effector-react';
import { formatDateTime, useLocale, useT } from '@/shared/i18n';
import { formatCount, formatPercent, formatTokens, formatTon } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Section } from '@/shared/ui/section';
import { SkeletonCard } from '@/shared/ui/skeleton';
import { $stats, $statsStatus, retryClicked } from '../model/stats';

/** The platform's figures (docs/product.md §3 stats object): tokens 2 and TON 4 decimals, truncated (docs/product.md §5). */
export function FinancialStatsSection() {
  const [stats, status, retry] = useUnit([$stats, $statsStatus, retryClicked]);
  const [t, locale] = [useT(), useLocale()];
  const tokens = (value: string) => formatTokens(value, t.locale);
  const ton = (value: string) => formatTon(value, t.locale);
  return (
    <Section
      title={t('stats.title')}
      id="dashboard-stats"
      testId="financial-stats"
      plain={status !== 'ready'}
      footer={stats ? t('stats.updatedAt', { time: formatDateTime(stats.updated_at, locale) }) : undefined}
    >
      {stats ? (
        <ListRows>
          <ListRow label={t('stats.totalMinted')} value={tokens(stats.total_minted)} valueTestId="stats-total-minted" />
          <ListRow label={t('stats.totalStaked')} value={tokens(stats.total_staked)} valueTestId="stats-total-staked" />
          <ListRow label={t('stats.circulating')} value={tokens(stats.circulating)} valueTestId="stats-circulating" />
          <ListRow label={t('stats.tonPaidIn')} value={ton(stats.ton_paid_in)} valueTestId="stats-ton-paid-in" />
          <ListRow label={t('stats.tonPaidOut')} value={ton(stats.ton_paid_out)} valueTestId="stats-ton-paid-out" />
          <ListRow label={t('stats.users')} value={formatCount(stats.users)} valueTestId="stats-users" />
          <ListRow
            label={t('stats.activeStakes')}
            value={formatCount(stats.active_stakes)}
            valueTestId="stats-active-stakes"
          />
          <ListRow
            label={t('dashboard.collectiveBonus')}
            value={formatPercent(stats.collective_bonus, t.locale)}
            valueTestId="stats-collective-bonus"
          />
        </ListRows>
      ) : status === 'failed' ? (
        <EmptyState
          title={t('stats.failed')}
          action={
            <Button variant="secondary" size="s" stretched={false} onClick={() => retry()}>
              {t('stats.tryAgain')}
            </Button>
          }
        />
      ) : (
        <SkeletonCard lines={5} label={t('stats.loading')} />
      )}
    </Section>
  );
}
