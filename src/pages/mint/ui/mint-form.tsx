import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { $plans, $plansLoading } from '@/entities/mint';
import { formatUnits } from '@/shared/api';
import { type Locale, type Translate, useT } from '@/shared/i18n';
import { formatAmount, formatPercent, formatPrice, formatTokens } from '@/shared/lib/format';
import { AmountInput } from '@/shared/ui/amount-input';
import { Button } from '@/shared/ui/button';
import { SegmentedControl } from '@/shared/ui/segmented-control';
import type { AmountProblem } from '../lib/amount-problem';
import {
  $amountProblem,
  $amountText,
  $calculation,
  $canCreate,
  $formComplete,
  $isCreating,
  $isCalculating,
  $needsWallet,
  $selectedDays,
  amountChanged,
  connectWalletClicked,
  createClicked,
  planSelected,
} from '../model/mint-form';
import styles from './mint-page.module.css';

/** The plan's yield and limits are the programme's round figures: no zeros after the point. */
const RULE = { trim: true } as const;

// Read at 9 decimals first, so float noise (0.29 × 100 = 28.999…96) is not what gets truncated.
const percentText = (fraction: number, locale: Locale): string =>
  formatPercent((fraction * 100).toFixed(9), locale, RULE);

const tonText = (nano: string, locale: Locale) => formatAmount(formatUnits(BigInt(nano)), 'ton', locale);

/** What is wrong with the amount, and what to do about it. */
function problemText(problem: AmountProblem, t: Translate): string {
  switch (problem.kind) {
    case 'not_a_number':
      return t('mint.amountInvalid');
    case 'below_min':
      return t('mint.problem.belowMin', { min: formatAmount(problem.min, 'ton', t.locale, RULE) });
    case 'above_max':
      return t('mint.problem.aboveMax', { max: formatAmount(problem.max, 'ton', t.locale, RULE) });
    case 'insufficient':
      return t('mint.problem.insufficient', {
        balance: tonText(problem.balanceNano, t.locale),
        needed: tonText(problem.neededNano, t.locale),
      });
  }
}

function Calculation() {
  const [calculation, calculating, complete, problem] = useUnit([
    $calculation,
    $isCalculating,
    $formComplete,
    $amountProblem,
  ]);
  const t = useT();
  if (problem) return null;
  return (
    <div className={styles.calculation} aria-live="polite" data-testid="mint-calculation">
      {calculation ? (
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>{t('mint.youMint')}</dt>
            <dd>{formatTokens(calculation.amount_token, t.locale)}</dd>
          </div>
          <div className={styles.row}>
            <dt>{t('mint.after', { days: t('common.days', { count: calculation.tariff_days }) })}</dt>
            <dd>{formatTokens(calculation.expected_token, t.locale)}</dd>
          </div>
          <div className={styles.row}>
            <dt>{t('mint.pricePerToken')}</dt>
            <dd>{formatPrice(calculation.price, t.locale)}</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.hint}>{calculating || complete ? t('mint.calculating') : t('mint.calculationHint')}</p>
      )}
    </div>
  );
}

/** Plan, amount, what it gives, and the Create button (docs/product.md §5: only active plans, by days). */
export function MintForm() {
  const [plans, plansLoading, selectedDays, amountText, problem, canCreate, creating, needsWallet] = useUnit([
    $plans,
    $plansLoading,
    $selectedDays,
    $amountText,
    $amountProblem,
    $canCreate,
    $isCreating,
    $needsWallet,
  ]);
  const [onPlan, onAmount, onCreate, onConnect] = useUnit([
    planSelected,
    amountChanged,
    createClicked,
    connectWalletClicked,
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
        <SegmentedControl
          label={t('mint.plan')}
          value={selectedDays}
          onChange={onPlan}
          segments={plans.map((plan) => ({ value: plan.days, label: t('common.days', { count: plan.days }) }))}
        />
        {plans.length === 0 ? (
          <p className={styles.hint}>{plansLoading ? t('mint.loadingPlans') : t('mint.noPlans')}</p>
        ) : (
          <p className={styles.hint}>
            {selectedPlan
              ? t('mint.planYield', {
                  percent: percentText(selectedPlan.yield, t.locale),
                  days: t('common.days', { count: selectedPlan.tariff_days }),
                })
              : t('mint.choosePlan')}
          </p>
        )}
        <AmountInput
          id="mint-amount"
          locale={t.locale}
          label={t('mint.amountLabel')}
          limits={
            selectedPlan
              ? t('mint.limits', {
                  min: formatAmount(selectedPlan.min_amount, 'ton', t.locale, RULE),
                  max: formatAmount(selectedPlan.max_amount, 'ton', t.locale, RULE),
                })
              : null
          }
          limitsTestId="mint-limits"
          value={amountText}
          onChange={onAmount}
          error={problem ? problemText(problem, t) : null}
          errorTestId="mint-amount-error"
        />
        <Calculation />
        {needsWallet ? (
          <>
            <Button onClick={() => onConnect()}>{t('mint.connectWallet')}</Button>
            <p className={styles.hint}>{t('mint.connectWalletHint')}</p>
          </>
        ) : (
          <Button type="submit" disabled={!canCreate} loading={creating}>
            {t('mint.create')}
          </Button>
        )}
      </form>
    </section>
  );
}
