import { useStoreMap } from 'effector-react';
import type { StakeStatus } from '@/shared/api';
import { formatAmount } from '@/shared/lib/format';
import { dailyPercent, stakeRates, type StakeRates } from '../lib/reward';
import { $stakes } from '../model/stake';
import { LiveEarned, REWARD_DECIMALS } from './live-earned';
import styles from './stake-card.module.css';

const STATUS_LABELS: Record<StakeStatus, string> = { pending: 'Pending', active: 'Active', completed: 'Completed' };

const RATE_ROWS: ReadonlyArray<readonly [keyof StakeRates, string]> = [
  ['perDay', 'per day'],
  ['perHour', 'per hour'],
  ['perMinute', 'per minute'],
  ['perSecond', 'per second'],
];

/**
 * One stake: its code, status, live earnings against max_reward, and the reward per period
 * (SPEC §3–§5). It subscribes to its own stake, so it re-renders when the server changes that stake
 * and never on a tick (the live number is its own component).
 */
export function StakeCard({ id }: { id: number }) {
  const stake = useStoreMap({
    store: $stakes,
    keys: [id],
    fn: (stakes, [stakeId]) => stakes.find((known) => known.id === stakeId) ?? null,
  });
  if (!stake) return null;
  const rates = stakeRates(stake);

  return (
    <article className={styles.card} data-testid="stake-card" aria-label={`Stake ${stake.staking_id}`}>
      <header className={styles.header}>
        <span className={styles.code}>{stake.staking_id}</span>
        <span className={`${styles.status} ${styles[stake.status]}`} data-testid="stake-status">
          {STATUS_LABELS[stake.status]}
        </span>
      </header>
      <div className={styles.earned}>
        <span className={styles.label}>Earned</span>
        <span className={styles.earnedValue}>
          <LiveEarned id={stake.id} className={styles.live} />
          <span className={styles.max}> of {formatAmount(stake.max_reward, REWARD_DECIMALS)} TKN</span>
        </span>
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.label}>Staked</dt>
          <dd className={styles.value}>{formatAmount(stake.total_amount, 4)} TKN</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.label}>Daily rate</dt>
          <dd className={styles.value}>{formatAmount(dailyPercent(stake), 4)}%</dd>
        </div>
      </dl>
      <dl className={styles.rates} aria-label="Reward">
        {RATE_ROWS.map(([key, label]) => (
          <div key={key} className={styles.rate}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value} data-testid={`stake-rate-${key}`}>
              {formatAmount(rates[key], REWARD_DECIMALS)}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
