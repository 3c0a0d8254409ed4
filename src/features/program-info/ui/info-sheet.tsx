import { useUnit } from 'effector-react';
import type { ProgramRules } from '@/shared/api';
import { type Translate, useT } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { Modal } from '@/shared/ui/modal';
import { $isLoading, $isOpen, $loadFailed, $rules, infoClosed, retryClicked } from '../model/program-info';
import styles from './program-info.module.css';

/** Figures in running text, without trailing zeros: '5%', '0.5%', '100 000 TON' (truncated per SPEC §5). */
const figure = (value: number | string) => formatAmount(value, 4).replace(/\.?0+$/, '');

/**
 * A rule's sentence with each amount held to its unit ('100 000 TON' never breaks after '100' or
 * before 'TON' on a narrow screen): the spaces inside a figure and before its unit become no-break ones.
 */
const unbroken = (text: string) => text.replace(/(\d) (?=\d{3}(?!\d)|TON\b|TKN\b)/g, '$1\u00a0');
const percent = (value: number) => `${figure(value)}%`;

function Rules({ rules, t }: { rules: ProgramRules; t: Translate }) {
  const { staking } = rules;
  const days = (count: number) => t('common.days', { count });
  const investment = staking.investment_bonus
    .filter((step) => step.percent > 0)
    .map((step) => t('info.investmentStep', { amount: figure(step.from_ton), percent: percent(step.percent) }))
    .join(', ');
  const collective = staking.collective_bonus
    .filter((step) => step.percent > 0)
    .map((step) => t('info.collectiveStep', { amount: figure(step.from_tokens), percent: percent(step.percent) }))
    .join(', ');
  return (
    <div className={styles.content} data-testid="program-rules">
      <section>
        <h3 className={styles.heading}>{t('info.mintingTitle')}</h3>
        <p className={styles.text}>{t('info.mintingText')}</p>
        <ul className={styles.list}>
          {rules.plans.map((plan) => (
            <li key={plan.days}>
              {unbroken(
                t('info.plan', {
                  days: days(plan.days),
                  percent: percent(plan.yield * 100),
                  term: days(plan.tariff_days),
                  min: figure(plan.min_amount),
                  max: figure(plan.max_amount),
                }),
              )}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className={styles.heading}>{t('info.stakingTitle')}</h3>
        <p className={styles.text}>
          {t('info.stakingText', { daily: percent(staking.daily_reward), max: percent(staking.max_reward_percent) })}
        </p>
      </section>
      <section>
        <h3 className={styles.heading}>{t('info.bonusesTitle')}</h3>
        <p className={styles.text}>{t('info.bonusesText')}</p>
        <ul className={styles.list}>
          <li>
            {t('info.holdBonus', {
              step: percent(staking.hold_bonus.step_percent),
              days: days(staking.hold_bonus.step_days),
              max: percent(staking.hold_bonus.max_percent),
            })}
          </li>
          <li>{unbroken(t('info.investmentBonus', { steps: investment }))}</li>
          <li>{unbroken(t('info.collectiveBonus', { steps: collective }))}</li>
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
                <td>{unbroken(t('info.fromTon', { amount: figure(tier.turnover_ton) }))}</td>
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
  const t = useT();
  if (!isOpen) return null;
  const actions = [{ label: t('info.close'), onClick: () => close(), tone: 'plain' as const }];
  if (failed && !loading)
    actions.unshift({ label: t('launch.tryAgain'), onClick: () => retry(), tone: 'plain' as const });
  return (
    <Modal title={t('info.title')} onClose={() => close()} actions={actions}>
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
