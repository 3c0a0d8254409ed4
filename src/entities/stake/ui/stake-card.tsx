import { useStoreMap } from 'effector-react';
import type { StakeStatus } from '@/shared/api';
import { DECIMALS, formatAmount, formatDate } from '@/shared/lib/format';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { stakeCompletesAt } from '../lib/progress';
import { dailyPercent, stakeRates, type StakeRates } from '../lib/reward';
import { $stakes } from '../model/stake';
import { LiveEarned, LiveProgress, REWARD_DECIMALS } from './live-earned';
import styles from './stake-card.module.css';

const TOKEN = 'TKN';

const STATUS: Record<StakeStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  active: { label: 'Active', tone: 'success' },
  completed: { label: 'Completed', tone: 'accent' },
};

const RATE_ROWS: ReadonlyArray<readonly [keyof StakeRates, string]> = [
  ['perDay', 'per day'],
  ['perHour', 'per hour'],
  ['perMinute', 'per minute'],
  ['perSecond', 'per second'],
];

/** What the line under the progress bar says about the end. */
function endText(status: StakeStatus, completesAt: number | null): string {
  if (status === 'completed') return 'Completed: the reward is paid';
  if (status === 'pending') return 'Starts when confirmed';
  return completesAt === null ? 'Not earning at the current rate' : `Completes on ${formatDate(completesAt)} at the current rate`;
}

/**
 * One stake: its code, status, live earnings and progress against max_reward, the date it completes
 * at the current rate, and the reward per period (SPEC §3–§5). It subscribes to its own stake, so it
 * re-renders when the server changes that stake and never on a tick (the live parts are their own
 * components).
 */
export function StakeCard({ id }: { id: number }) {
  const stake = useStoreMap({
    store: $stakes,
    keys: [id],
    fn: (stakes, [stakeId]) => stakes.find((known) => known.id === stakeId) ?? null,
  });
  if (!stake) return null;
  const rates = stakeRates(stake);
  const status = STATUS[stake.status];

  return (
    <article className={styles.card} data-testid="stake-card" aria-label={`Stake ${stake.staking_id}`}>
      <header className={styles.header}>
        <span className={styles.code}>{stake.staking_id}</span>
        <Badge tone={status.tone} testId="stake-status">
          {status.label}
        </Badge>
      </header>
      <div className={styles.earned}>
        <span className={styles.label}>Earned</span>
        <span className={styles.earnedValue}>
          <LiveEarned id={stake.id} className={styles.live} />
          <span className={styles.max}>
            {' '}
            of {formatAmount(stake.max_reward, REWARD_DECIMALS, { fixed: true })} {TOKEN}
          </span>
        </span>
      </div>
      <LiveProgress id={stake.id} className={styles.progress} />
      <p className={styles.end} data-testid="stake-completes">
        {endText(stake.status, stakeCompletesAt(stake))}
      </p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.label}>Staked</dt>
          <dd className={styles.value}>
            {formatAmount(stake.total_amount, DECIMALS.token, { fixed: true })} {TOKEN}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.label}>Daily rate</dt>
          <dd className={styles.value}>{formatAmount(dailyPercent(stake), DECIMALS.percent, { fixed: true })}% a day</dd>
        </div>
      </dl>
      <dl className={styles.rates} aria-label="Reward">
        {RATE_ROWS.map(([key, label]) => (
          <div key={key} className={styles.rate}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value} data-testid={`stake-rate-${key}`}>
              {formatAmount(rates[key], REWARD_DECIMALS, { fixed: true })} {TOKEN}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
