import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { $plans, $plansLoading } from '@/entities/mint';
import { formatAmount, formatDays } from '@/shared/lib/format';
import {
  $amountInvalid,
  $amountText,
  $calculation,
  $canCreate,
  $isCalculating,
  $selectedDays,
  amountChanged,
  createClicked,
  planSelected,
} from '../model/mint-form';
import styles from './mint-page.module.css';

const percentText = (fraction: number): string => `${Number((fraction * 100).toFixed(2))}%`;

function Calculation() {
  const [calculation, calculating] = useUnit([$calculation, $isCalculating]);
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
        <p className={styles.hint}>{calculating ? 'Calculating…' : 'Choose a plan and an amount to see what you get.'}</p>
      )}
    </div>
  );
}

/** Plan, amount, what it gives, and the Create button (SPEC §5: only active plans, by days). */
export function MintForm() {
  const [plans, plansLoading, selectedDays, amountText, amountInvalid, canCreate, onPlan, onAmount, onCreate] = useUnit([
    $plans,
    $plansLoading,
    $selectedDays,
    $amountText,
    $amountInvalid,
    $canCreate,
    planSelected,
    amountChanged,
    createClicked,
  ]);
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
          <span className={styles.label}>Amount (TON)</span>
          <input
            className={styles.input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amountText}
            aria-invalid={amountInvalid}
            aria-describedby={amountInvalid ? 'mint-amount-error' : undefined}
            onChange={(event) => onAmount(event.target.value)}
          />
        </label>
        {amountInvalid ? (
          <p id="mint-amount-error" className={styles.error}>
            Enter a positive amount, like 1.5 (up to 9 decimals).
          </p>
        ) : null}
        <Calculation />
        <button type="submit" className={styles.primary} disabled={!canCreate}>
          Create mint
        </button>
      </form>
    </section>
  );
}
