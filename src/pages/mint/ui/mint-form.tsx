import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { $plans, $plansLoading } from '@/entities/mint';
import { useT } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
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
  const t = useT();
  return (
    <div className={styles.calculation} aria-live="polite" data-testid="mint-calculation">
      {calculation ? (
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>{t('mint.youMint')}</dt>
            <dd>{formatAmount(calculation.amount_token, 2)} TKN</dd>
          </div>
          <div className={styles.row}>
            <dt>{t('mint.after', { days: t('common.days', { count: calculation.tariff_days }) })}</dt>
            <dd>{formatAmount(calculation.expected_token, 2)} TKN</dd>
          </div>
          <div className={styles.row}>
            <dt>{t('mint.pricePerToken')}</dt>
            <dd>{formatAmount(calculation.price, 6)} TON</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.hint}>{calculating ? t('mint.calculating') : t('mint.calculationHint')}</p>
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
  const t = useT();
  const selectedPlan = plans.find((plan) => plan.days === selectedDays);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onCreate();
  };

  return (
    <section className={styles.card} aria-labelledby="mint-form-title">
      <h2 id="mint-form-title" className={styles.heading}>
        {t('mint.formTitle')}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.plans} role="group" aria-label={t('mint.plan')}>
          {plans.map((plan) => (
            <button
              key={plan.days}
              type="button"
              className={plan.days === selectedDays ? `${styles.plan} ${styles.selected}` : styles.plan}
              aria-pressed={plan.days === selectedDays}
              onClick={() => onPlan(plan.days)}
            >
              {t('common.days', { count: plan.days })}
            </button>
          ))}
        </div>
        {plans.length === 0 ? (
          <p className={styles.hint}>{plansLoading ? t('mint.loadingPlans') : t('mint.noPlans')}</p>
        ) : (
          <p className={styles.hint}>
            {selectedPlan
              ? t('mint.planYield', {
                  percent: percentText(selectedPlan.yield),
                  days: t('common.days', { count: selectedPlan.tariff_days }),
                })
              : t('mint.choosePlan')}
          </p>
        )}
        <label className={styles.field}>
          <span className={styles.label}>{t('mint.amountLabel')}</span>
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
            {t('mint.amountInvalid')}
          </p>
        ) : null}
        <Calculation />
        <button type="submit" className={styles.primary} disabled={!canCreate}>
          {t('mint.create')}
        </button>
      </form>
    </section>
  );
}
