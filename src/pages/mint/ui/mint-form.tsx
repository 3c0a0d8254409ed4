import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { $plans, $plansLoading } from '@/entities/mint';
import { formatAmount, formatDays } from '@/shared/lib/format';
import { formatUnits } from '@/shared/api';
import type { AmountProblem } from '../lib/amount-problem';
import {
  $amountProblem,
  $amountText,
  $calculation,
  $canCreate,
  $formComplete,
  $isCalculating,
  $needsWallet,
  $selectedDays,
  amountChanged,
  connectWalletClicked,
  createClicked,
  planSelected,
} from '../model/mint-form';
import styles from './mint-page.module.css';

const percentText = (fraction: number): string => `${Number((fraction * 100).toFixed(2))}%`;

const tonText = (nano: string) => formatAmount(formatUnits(BigInt(nano)), 4);

/** What is wrong with the amount, and what to do about it. */
function problemText(problem: AmountProblem): string {
  switch (problem.kind) {
    case 'not_a_number':
      return 'Enter a positive amount, like 1.5 (up to 9 decimals).';
    case 'below_min':
      return `The minimum for this plan is ${formatAmount(problem.min, 4)} TON: enter at least that.`;
    case 'above_max':
      return `The maximum for this plan is ${formatAmount(problem.max, 4)} TON: enter at most that.`;
    case 'insufficient':
      return `Your wallet holds ${tonText(problem.balanceNano)} TON; this mint needs ${tonText(problem.neededNano)} TON with the network fee. Enter less or top up the wallet.`;
  }
}

function Calculation() {
  const [calculation, calculating, complete, problem] = useUnit([$calculation, $isCalculating, $formComplete, $amountProblem]);
  if (problem) return null;
  return (
    <div className={styles.calculation} aria-live="polite" data-testid="mint-calculation">
      {calculation ? (
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>You mint</dt>
            <dd>{formatAmount(calculation.amount_token, 2)} TKN</dd>
          </div>
          <div className={styles.row}>
            <dt>After {formatDays(calculation.tariff_days)}</dt>
            <dd>{formatAmount(calculation.expected_token, 2)} TKN</dd>
          </div>
          <div className={styles.row}>
            <dt>Price per TKN</dt>
            <dd>{formatAmount(calculation.price, 6)} TON</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.hint}>{calculating || complete ? 'Calculating…' : 'Choose a plan and an amount to see what you get.'}</p>
      )}
    </div>
  );
}

/** Plan, amount, what it gives, and the Create button (SPEC §5: only active plans, by days). */
export function MintForm() {
  const [plans, plansLoading, selectedDays, amountText, problem, canCreate, needsWallet] = useUnit([
    $plans,
    $plansLoading,
    $selectedDays,
    $amountText,
    $amountProblem,
    $canCreate,
    $needsWallet,
  ]);
  const [onPlan, onAmount, onCreate, onConnect] = useUnit([planSelected, amountChanged, createClicked, connectWalletClicked]);
  const selectedPlan = plans.find((plan) => plan.days === selectedDays);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onCreate();
  };

  return (
    <section className={styles.card} aria-labelledby="mint-form-title">
      <h2 id="mint-form-title" className={styles.heading}>
        New mint
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.plans} role="group" aria-label="Plan">
          {plans.map((plan) => (
            <button
              key={plan.days}
              type="button"
              className={plan.days === selectedDays ? `${styles.plan} ${styles.selected}` : styles.plan}
              aria-pressed={plan.days === selectedDays}
              onClick={() => onPlan(plan.days)}
            >
              {formatDays(plan.days)}
            </button>
          ))}
        </div>
        {plans.length === 0 ? (
          <p className={styles.hint}>{plansLoading ? 'Loading plans…' : 'No plans are open right now.'}</p>
        ) : (
          <p className={styles.hint}>
            {selectedPlan
              ? `+${percentText(selectedPlan.yield)} over ${formatDays(selectedPlan.tariff_days)}`
              : 'Choose a plan.'}
          </p>
        )}
        <label className={styles.field}>
          <span className={styles.label}>
            Amount (TON)
            {selectedPlan ? (
              <span className={styles.limits} data-testid="mint-limits">
                {' '}
                · from {formatAmount(selectedPlan.min_amount, 4)} to {formatAmount(selectedPlan.max_amount, 4)}
              </span>
            ) : null}
          </span>
          <input
            className={styles.input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amountText}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'mint-amount-error' : undefined}
            onChange={(event) => onAmount(event.target.value)}
          />
        </label>
        {problem ? (
          <p id="mint-amount-error" className={styles.error} role="alert" data-testid="mint-amount-error">
            {problemText(problem)}
          </p>
        ) : null}
        <Calculation />
        {needsWallet ? (
          <>
            <button type="button" className={styles.primary} onClick={() => onConnect()}>
              Connect wallet
            </button>
            <p className={styles.hint}>Connect a wallet to pay for the mint.</p>
          </>
        ) : (
          <button type="submit" className={styles.primary} disabled={!canCreate}>
            Create mint
          </button>
        )}
      </form>
    </section>
  );
}
