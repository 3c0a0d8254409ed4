import { useUnit } from 'effector-react';
import { type ReactNode, useEffect } from 'react';
import type { ProgramRules } from '@/shared/api';
import { type Translate, useT } from '@/shared/i18n';
import { formatAmount, formatPercent } from '@/shared/lib/format';
import { Modal } from '@/shared/ui/modal';
import { $isOpen, infoClosed } from '../model/program-info';
import { $isLoading, $loadFailed, $rules, retryClicked, sheetShown } from '../model/rules';
import styles from './program-info.module.css';

/** The programme's own figures (limits, thresholds, rates) are round: shown without zeros after the point. */
const RULE = { trim: true } as const;

function Rules({ rules, t }: { rules: ProgramRules; t: Translate }) {
  const { staking } = rules;
  const days = (count: number) => t('common.days', { count });
  const investment = staking.investment_bonus
    .filter((step) => step.percent > 0)
    .map((step) =>
      t('info.investmentStep', {
        amount: formatAmount(step.from_ton, 'ton', t.locale, RULE),
        percent: formatPercent(step.percent, t.locale, RULE),
      }),
    )
    .join(', ');
  const collective = staking.collective_bonus
    .filter((step) => step.percent > 0)
    .map((step) =>
      t('info.collectiveStep', {
        amount: formatAmount(step.from_tokens, 'token', t.locale, RULE),
        percent: formatPercent(step.percent, t.locale, RULE),
      }),
    )
    .join(', ');
  return (
    <div className={styles.content} data-testid="program-rules">
      <section>
        <h3 className={styles.heading}>{t('info.mintingTitle')}</h3>
        <p className={styles.text}>{t('info.mintingText')}</p>
        <ul className={styles.list}>
          {rules.plans.map((plan) => (
            <li key={plan.days}>
              {t('info.plan', {
                days: days(plan.days),
                percent: formatPercent((plan.yield * 100).toFixed(9), t.locale, RULE),
                term: days(plan.tariff_days),
                min: formatAmount(plan.min_amount, 'ton', t.locale, RULE),
                max: formatAmount(plan.max_amount, 'ton', t.locale, RULE),
              })}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className={styles.heading}>{t('info.stakingTitle')}</h3>
        <p className={styles.text}>
          {t('info.stakingText', {
            daily: formatPercent(staking.daily_reward, t.locale, RULE),
            max: formatPercent(staking.max_reward_percent, t.locale, RULE),
          })}
        </p>
      </section>
      <section>
        <h3 className={styles.heading}>{t('info.bonusesTitle')}</h3>
        <p className={styles.text}>{t('info.bonusesText')}</p>
        <ul className={styles.list}>
          <li>
            {t('info.holdBonus', {
              step: formatPercent(staking.hold_bonus.step_percent, t.locale, RULE),
              days: days(staking.hold_bonus.step_days),
              max: formatPercent(staking.hold_bonus.max_percent, t.locale, RULE),
            })}
          </li>
          <li>{t('info.investmentBonus', { steps: investment })}</li>
          <li>{t('info.collectiveBonus', { steps: collective })}</li>
        </ul>
      </section>
      <section>
        <h3 className={styles.heading}>{t('info.referralTitle')}</h3>
        <p className={styles.text}>{t('info.referralText')}</p>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('info.level')}</th>
              <th scope="col">{t('info.friendsPaid')}</th>
              <th scope="col">{t('info.youEarn')}</th>
            </tr>
          </thead>
          <tbody>
            {rules.referral_tiers.map((tier) => (
              <tr key={tier.level}>
                <td>{tier.level + 1}</td>
                <td>{t('info.fromTon', { amount: formatAmount(tier.turnover_ton, 'ton', t.locale, RULE) })}</td>
                <td>{formatPercent(tier.percent, t.locale, RULE)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/**
 * The Info sheet: mounted once by the app (through widgets/info-sheet), opened from the screens'
 * InfoButton. `settings` are rows of other slices shown above the rules (the bot's notifications).
 */
export function InfoSheet({ settings }: { settings?: ReactNode }) {
  const [isOpen, rules, loading, failed, close, retry, shown] = useUnit([
    $isOpen,
    $rules,
    $isLoading,
    $loadFailed,
    infoClosed,
    retryClicked,
    sheetShown,
  ]);
  const t = useT();
  useEffect(() => shown(), [shown]);
  if (!isOpen) return null;
  const actions = [{ label: t('info.close'), onClick: () => close(), tone: 'plain' as const }];
  if (failed && !loading)
    actions.unshift({ label: t('launch.tryAgain'), onClick: () => retry(), tone: 'plain' as const });
  return (
    <Modal title={t('info.title')} onClose={() => close()} actions={actions}>
      {settings ? <div className={styles.content}>{settings}</div> : null}
      {rules ? (
        <Rules rules={rules} t={t} />
      ) : failed && !loading ? (
        <p className={styles.text} role="alert">
          {t('info.loadFailed')}
        </p>
      ) : (
        <p className={styles.text} role="status">
          {t('common.loadingEllipsis')}
        </p>
      )}
    </Modal>
  );
}
