import { useStoreMap } from 'effector-react';
import type { StakeStatus } from '@/shared/api';
import { useT, type MessageKey } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { dailyPercent, stakeRates, type StakeRates } from '../lib/reward';
import { $stakes } from '../model/stake';
import { LiveEarned, REWARD_DECIMALS } from './live-earned';
import styles from './stake-card.module.css';

const STATUS_LABELS = {
  pending: 'stake.status.pending',
  active: 'stake.status.active',
  completed: 'stake.status.completed',
} as const satisfies Record<StakeStatus, MessageKey>;

const RATE_ROWS = [
  ['perDay', 'stake.perDay'],
  ['perHour', 'stake.perHour'],
  ['perMinute', 'stake.perMinute'],
  ['perSecond', 'stake.perSecond'],
] as const satisfies ReadonlyArray<readonly [keyof StakeRates, MessageKey]>;

/**
 * One stake: its code, status, live earnings against max_reward, and the reward per period
 * (SPEC §3–§5). It subscribes to its own stake, so it re-renders when the server changes that stake
 * and never on a tick (the live number is its own component).
 */
export function StakeCard({ id }: { id: number }) {
  const t = useT();
  const stake = useStoreMap({
    store: $stakes,
    keys: [id],
    fn: (stakes, [stakeId]) => stakes.find((known) => known.id === stakeId) ?? null,
  });
  if (!stake) return null;
  const rates = stakeRates(stake);

  return (
    <article className={styles.card} data-testid="stake-card" aria-label={t('stake.cardLabel', { code: stake.staking_id })}>
      <header className={styles.header}>
        <span className={styles.code}>{stake.staking_id}</span>
        <span className={`${styles.status} ${styles[stake.status]}`} data-testid="stake-status">
          {t(STATUS_LABELS[stake.status])}
        </span>
      </header>
      <div className={styles.earned}>
        <span className={styles.label}>{t('stake.earned')}</span>
        <span className={styles.earnedValue}>
          <LiveEarned id={stake.id} className={styles.live} />
          <span className={styles.max}> {t('stake.ofMax', { amount: formatAmount(stake.max_reward, REWARD_DECIMALS) })}</span>
        </span>
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.label}>{t('stake.staked')}</dt>
          <dd className={styles.value}>{formatAmount(stake.total_amount, 4)} TKN</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.label}>{t('stake.dailyRate')}</dt>
          <dd className={styles.value}>{formatAmount(dailyPercent(stake), 4)}%</dd>
        </div>
      </dl>
      <dl className={styles.rates} aria-label={t('stake.reward')}>
        {RATE_ROWS.map(([key, label]) => (
          <div key={key} className={styles.rate}>
            <dt className={styles.label}>{t(label)}</dt>
            <dd className={styles.value} data-testid={`stake-rate-${key}`}>
              {formatAmount(rates[key], REWARD_DECIMALS)}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
