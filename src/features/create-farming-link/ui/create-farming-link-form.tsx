import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { shownTimes } from '@/entities/farming-link';
import { SOURCE_TEXTS } from '@/entities/farming-link/index.ui';
import { FARMING_MAX_ACTIVATIONS } from '@/shared/api';
import { type Translate, useT } from '@/shared/i18n';
import { formatAmount, formatCount, formatTokens, formatTon } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { AmountInput } from '@/shared/ui/amount-input';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Section } from '@/shared/ui/section';
import { SegmentedControl } from '@/shared/ui/segmented-control';
import { SkeletonCard } from '@/shared/ui/skeleton';
import { Switch } from '@/shared/ui/switch';
import type { LinkProblem } from '../lib/link-problem';
import {
  $amountText,
  $balance,
  $calculation,
  $canCreate,
  $countText,
  $formComplete,
  $isCalculating,
  $isCreating,
  $isForMe,
  $isMultilink,
  $minCost,
  $noPlans,
  $plans,
  $plansAnswer,
  $plansFailed,
  $problem,
  $selectedDays,
  $selectedPlan,
  $source,
  amountChanged,
  countChanged,
  createClicked,
  forMeToggled,
  multilinkToggled,
  planSelected,
  plansRetryClicked,
} from '../model/create-farming-link';
import styles from './create-farming-link.module.css';

/** A plan's limits are the programme's round figures: no zeros after the point ('from 1 to 100 000'). */
const RULE = { trim: true } as const;

/** What is wrong, and what to do about it. */
function problemText(problem: LinkProblem, t: Translate): string {
  switch (problem.kind) {
    case 'amount_invalid':
      return t('farming.problem.amountInvalid');
    case 'below_min':
      return t('farming.problem.belowMin', { min: formatAmount(problem.min, 'ton', t.locale, RULE) });
    case 'above_max':
      return t('farming.problem.aboveMax', { max: formatAmount(problem.max, 'ton', t.locale, RULE) });
    case 'count_invalid':
      return t('farming.problem.countInvalid', { max: formatCount(problem.max) });
    case 'insufficient':
      return t('farming.problem.insufficient', {
        cost: formatTokens(problem.cost, t.locale),
        balance: formatTokens(problem.balance, t.locale),
      });
  }
}

/** The chosen balance covers no plan: say so, what the cheapest link costs, and where to earn more. */
function NoPlans() {
  const [source, balance, minCost] = useUnit([$source, $balance, $minCost]);
  const t = useT();
  const where =
    source === 'task'
      ? t('farming.noPlansTask', { balance: formatTokens(balance ?? '0', t.locale) })
      : t('farming.noPlansReferral', { balance: formatTokens(balance ?? '0', t.locale) });
  return (
    <EmptyState
      testId="farming-no-plans"
      icon={<Icon name="coins" />}
      title={t('farming.noPlansTitle')}
      text={
        minCost === null ? where : `${t('farming.cheapestLink', { amount: formatTokens(minCost, t.locale) })} ${where}`
      }
      action={
        source === 'task' ? (
          <Link to={routes.tasks} className={buttonClassName({ variant: 'secondary', size: 's' })}>
            {t('farming.goToTasks')}
          </Link>
        ) : (
          <Link to={routes.referral} className={buttonClassName({ variant: 'secondary', size: 's' })}>
            {t('farming.goToReferral')}
          </Link>
        )
      }
    />
  );
}

function Calculation() {
  const [calculation, calculating, complete, problem, balance] = useUnit([
    $calculation,
    $isCalculating,
    $formComplete,
    $problem,
    $balance,
  ]);
  const t = useT();
  if (problem && problem.kind !== 'insufficient') return null;
  return (
    <div className={styles.calculation} aria-live="polite" data-testid="farming-calculation">
      {calculation ? (
        <ListRows label={t('farming.calculationLabel')}>
          <ListRow
            label={t('farming.eachActivation')}
            value={formatTokens(calculation.amount_token, t.locale)}
            hint={formatTon(calculation.amount_ton, t.locale)}
          />
          <ListRow
            label={t('farming.after', { days: t('common.days', { count: calculation.tariff_days }) })}
            value={formatTokens(calculation.expected_token, t.locale)}
          />
          <ListRow
            label={t('farming.totalCost', { count: calculation.count_activations })}
            value={formatTokens(shownTimes(calculation.amount_token, calculation.count_activations), t.locale)}
            valueTestId="farming-cost"
            strong
          />
          {balance !== null ? (
            <ListRow label={t('farming.yourBalance')} value={formatTokens(balance, t.locale)} />
          ) : null}
        </ListRows>
      ) : (
        <p className={styles.hint}>
          {calculating || complete ? t('farming.calculating') : t('farming.calculationHint')}
        </p>
      )}
    </div>
  );
}

function Fields() {
  const [plans, selectedDays, plan, amountText, countText, multilink, forMe, problem, canCreate, creating] = useUnit([
    $plans,
    $selectedDays,
    $selectedPlan,
    $amountText,
    $countText,
    $isMultilink,
    $isForMe,
    $problem,
    $canCreate,
    $isCreating,
  ]);
  const [onPlan, onAmount, onCount, onMultilink, onForMe, onCreate] = useUnit([
    planSelected,
    amountChanged,
    countChanged,
    multilinkToggled,
    forMeToggled,
    createClicked,
  ]);
  const t = useT();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onCreate();
  };
  const amountProblem = problem && ['amount_invalid', 'below_min', 'above_max'].includes(problem.kind);
  const countProblem = problem?.kind === 'count_invalid';
  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <SegmentedControl
        label={t('farming.plan')}
        value={selectedDays}
        onChange={onPlan}
        segments={plans.map((item) => ({ value: item.days, label: t('common.days', { count: item.days }) }))}
      />
      {plan ? null : <p className={styles.hint}>{t('farming.choosePlan')}</p>}
      <AmountInput
        id="farming-amount"
        locale={t.locale}
        label={t('farming.amountLabel')}
        limits={
          plan
            ? t('farming.limits', {
                min: formatAmount(plan.min_amount, 'ton', t.locale, RULE),
                max: formatAmount(plan.max_amount, 'ton', t.locale, RULE),
              })
            : null
        }
        limitsTestId="farming-limits"
        value={amountText}
        onChange={onAmount}
        error={problem && amountProblem ? problemText(problem, t) : null}
        errorTestId="farming-form-error"
      />
      <AmountInput
        id="farming-count"
        locale={t.locale}
        label={t('farming.countLabel')}
        inputMode="numeric"
        value={countText}
        onChange={onCount}
        disabled={forMe}
        error={problem && countProblem ? problemText(problem, t) : null}
        errorTestId="farming-form-error"
        hint={t('farming.countHint', { max: formatCount(FARMING_MAX_ACTIVATIONS) })}
      />
      <div className={styles.switches}>
        {forMe ? null : (
          <Switch
            label={t('farming.multilink')}
            description={t('farming.multilinkHint')}
            checked={multilink}
            onChange={onMultilink}
          />
        )}
        <Switch label={t('farming.forMe')} description={t('farming.forMeHint')} checked={forMe} onChange={onForMe} />
      </div>
      {problem && !amountProblem && !countProblem ? (
        <p className={styles.error} role="alert" data-testid="farming-form-error">
          {problemText(problem, t)}
        </p>
      ) : null}
      <Calculation />
      <Button type="submit" disabled={!canCreate} loading={creating}>
        {t('farming.create')}
      </Button>
    </form>
  );
}

/**
 * Make a farming link paid from the screen's balance (docs/product.md §2): plan, amount of each activation's
 * mint, number of activations, one link for all or one per person, for me; priced live.
 */
export function CreateFarmingLinkForm() {
  const [source, balance, answer, failed, noPlans, onRetry] = useUnit([
    $source,
    $balance,
    $plansAnswer,
    $plansFailed,
    $noPlans,
    plansRetryClicked,
  ]);
  const t = useT();
  if (!source) return null;
  return (
    <Section
      title={t('farming.formTitle')}
      id="farming-form"
      aside={
        balance !== null ? (
          <span className={styles.balance} data-testid="farming-balance">
            {t(SOURCE_TEXTS[source])}: {formatTokens(balance, t.locale)}
          </span>
        ) : null
      }
    >
      {failed ? (
        <EmptyState
          icon={<Icon name="offline" />}
          title={t('farming.plansFailed')}
          action={
            <Button variant="secondary" size="s" stretched={false} onClick={() => onRetry()}>
              {t('farming.tryAgain')}
            </Button>
          }
        />
      ) : answer === null ? (
        <SkeletonCard label={t('farming.loadingPlans')} lines={2} />
      ) : noPlans ? (
        <NoPlans />
      ) : (
        <Fields />
      )}
    </Section>
  );
}
