import { useStoreMap } from 'effector-react';
import type { StakeStatus } from '@/shared/api';
import { formatDate, type MessageKey, type Translate, useLocale, useT } from '@/shared/i18n';
import { NBSP, formatAmount, formatPercent, formatTokens } from '@/shared/lib/format';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { stakeCompletesAt } from '../lib/progress';
import { dailyPercent, stakeRates, type StakeRates } from '../lib/reward';
import { $stakes } from '../model/stake';
import { LiveEarned, LiveProgress } from './live-earned';
import styles from './stake-card.module.css';

const TOKEN = 'TKN';

const STATUS = {
  pending: { label: 'stake.status.pending', tone: 'warning' },
  active: { label: 'stake.status.active', tone: 'success' },
  completed: { label: 'stake.status.completed', tone: 'accent' },
} as const satisfies Record<StakeStatus, { label: MessageKey; tone: BadgeTone }>;

const RATE_ROWS = [
  ['perDay', 'stake.perDay'],
  ['perHour', 'stake.perHour'],
  ['perMinute', 'stake.perMinute'],
  ['perSecond', 'stake.perSecond'],
] as const satisfies ReadonlyArray<readonly [keyof StakeRates, MessageKey]>;

/** What the line under the progress bar says about the end. */
function endText(
  t: Translate,
  date: (seconds: number) => string,
  status: StakeStatus,
  completesAt: number | null,
): string {
  if (status === 'completed') return t('stake.end.completed');
  if (status === 'pending') return t('stake.end.pending');
  return completesAt === null ? t('stake.end.notEarning') : t('stake.end.completesOn', { date: date(completesAt) });
}

/**
 * One stake: its code, status, live earnings and progress against max_reward, the date it completes
 * at the current rate, and the reward per period (docs/product.md §3–§5). It subscribes to its own stake, so it
 * re-renders when the server changes that stake and never on a tick (the live parts are their own
 * components).
 */
export function StakeCard({ id }: { id: number }) {
  const t = useT();
  const locale = useLocale();
  const stake = useStoreMap({
    store: $stakes,
    keys: [id],
    fn: (stakes, [stakeId]) => stakes.find((known) => known.id === stakeId) ?? null,
  });
  if (!stake) return null;
  const rates = stakeRates(stake);
  const status = STATUS[stake.status];

  return (
    <article
      className={styles.card}
      data-testid="stake-card"
      aria-label={t('stake.cardLabel', { code: stake.staking_id })}
    >
      <header className={styles.header}>
        <span className={styles.code}>#{stake.staking_id}</span>
        <Badge tone={status.tone} testId="stake-status">
          {t(status.label)}
        </Badge>
      </header>
      <div className={styles.earned}>
        <span className={styles.label}>{t('stake.earned')}</span>
        <span className={styles.earnedValue}>
          <LiveEarned id={stake.id} className={styles.live} />
          <span className={styles.max}>
            {' '}
            {t('stake.ofMax', { amount: formatAmount(stake.max_reward, 'reward', t.locale) })}
          </span>
        </span>
      </div>
      <LiveProgress id={stake.id} className={styles.progress} />
      <p className={styles.end} data-testid="stake-completes">
        {endText(t, (seconds) => formatDate(seconds, locale), stake.status, stakeCompletesAt(stake))}
      </p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.label}>{t('stake.staked')}</dt>
          <dd className={styles.value}>{formatTokens(stake.total_amount, t.locale)}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.label}>{t('stake.dailyRate')}</dt>
          <dd className={styles.value}>
            {t('stake.percentADay', { percent: formatPercent(dailyPercent(stake), t.locale) })}
          </dd>
        </div>
      </dl>
      <dl className={styles.rates} aria-label={t('stake.reward')}>
        {RATE_ROWS.map(([key, label]) => (
          <div key={key} className={styles.rate}>
            <dt className={styles.label}>{t(label)}</dt>
            <dd className={styles.value} data-testid={`stake-rate-${key}`}>
              {formatAmount(rates[key], 'reward', t.locale)}
              {NBSP + TOKEN}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
