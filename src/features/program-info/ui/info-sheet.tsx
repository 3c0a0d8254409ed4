import { useUnit } from 'effector-react';
import type { ProgramRules } from '@/shared/api';
import { formatAmount, formatDays } from '@/shared/lib/format';
import { Modal } from '@/shared/ui/modal';
import { $isLoading, $isOpen, $loadFailed, $rules, infoClosed, retryClicked } from '../model/program-info';
import styles from './program-info.module.css';

/** Figures in running text, without trailing zeros: '5%', '0.5%', '100 000 TON' (truncated per SPEC §5). */
const figure = (value: number | string) => formatAmount(value, 4).replace(/\.?0+$/, '');
const percent = (value: number) => `${figure(value)}%`;

function Rules({ rules }: { rules: ProgramRules }) {
  const { staking } = rules;
  return (
    <div className={styles.content} data-testid="program-rules">
      <section>
        <h3 className={styles.heading}>Minting</h3>
        <p className={styles.text}>
          Pay TON for a plan: you get tokens at the current price, and they grow by the plan's yield until its term
          ends. Then they are added to your balance.
        </p>
        <ul className={styles.list}>
          {rules.plans.map((plan) => (
            <li key={plan.days}>
              {formatDays(plan.days)}: +{percent(plan.yield * 100)} over {formatDays(plan.tariff_days)}, from{' '}
              {figure(plan.min_amount)} to {figure(plan.max_amount)} TON
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className={styles.heading}>Staking</h3>
        <p className={styles.text}>
          Stake an active mint instead of waiting: it earns {percent(staking.daily_reward)} of its tokens a day plus
          your bonuses, until the reward reaches {percent(staking.max_reward_percent)} of the staked tokens. Then the
          tokens and the reward go to your balance.
        </p>
      </section>
      <section>
        <h3 className={styles.heading}>Bonuses</h3>
        <p className={styles.text}>Each adds to every stake's daily rate.</p>
        <ul className={styles.list}>
          <li>
            Hold: +{percent(staking.hold_bonus.step_percent)} for every {formatDays(staking.hold_bonus.step_days)} you
            keep a stake, up to +{percent(staking.hold_bonus.max_percent)}.
          </li>
          <li>
            Investment, by the TON you have paid for mints:{' '}
            {staking.investment_bonus
              .filter((step) => step.percent > 0)
              .map((step) => `from ${figure(step.from_ton)} TON +${percent(step.percent)}`)
              .join(', ')}
            .
          </li>
          <li>
            Collective, for everyone, by all tokens staked on the platform:{' '}
            {staking.collective_bonus
              .filter((step) => step.percent > 0)
              .map((step) => `from ${figure(step.from_tokens)} TKN +${percent(step.percent)}`)
              .join(', ')}
            .
          </li>
        </ul>
      </section>
      <section>
        <h3 className={styles.heading}>Referral levels</h3>
        <p className={styles.text}>
          Invite friends: you earn a share of the tokens of every mint they pay for. The more TON your friends have
          paid, the higher your level.
        </p>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Level</th>
              <th scope="col">Friends paid</th>
              <th scope="col">You earn</th>
            </tr>
          </thead>
          <tbody>
            {rules.referral_tiers.map((tier) => (
              <tr key={tier.level}>
                <td>{tier.level + 1}</td>
                <td>from {figure(tier.turnover_ton)} TON</td>
                <td>{percent(tier.percent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** The Info sheet: mounted once by the app, opened from the screens' InfoButton. */
export function InfoSheet() {
  const [isOpen, rules, loading, failed, close, retry] = useUnit([
    $isOpen,
    $rules,
    $isLoading,
    $loadFailed,
    infoClosed,
    retryClicked,
  ]);
  if (!isOpen) return null;
  const actions = [{ label: 'Close', onClick: () => close(), tone: 'plain' as const }];
  if (failed && !loading) actions.unshift({ label: 'Try again', onClick: () => retry(), tone: 'plain' as const });
  return (
    <Modal title="How it works" onClose={() => close()} actions={actions}>
      {rules ? (
        <Rules rules={rules} />
      ) : failed && !loading ? (
        <p className={styles.text} role="alert">
          Could not load the rules. Check your connection and try again.
        </p>
      ) : (
        <p className={styles.text} role="status">
          Loading…
        </p>
      )}
    </Modal>
  );
}
