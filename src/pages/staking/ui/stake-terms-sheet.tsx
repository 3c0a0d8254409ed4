import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { formatPercent, formatTokens } from '@/shared/lib/format';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { type ModalAction, Modal } from '@/shared/ui/modal';
import { $terms, $termsLoadFailed, $termsMint, termsClosed, termsConfirmed, termsRetried } from '../model/stake-terms';
import styles from './select-mint-page.module.css';

/**
 * The terms of staking this mint, before the user commits: the rate now (the program's daily reward and
 * the user's bonuses), the reward a day, the cap and what reaches the balance then, what happens to the
 * mint, and that nothing is paid before the cap. Every figure is the server's (../lib/stake-terms.ts).
 */
export function StakeTermsSheet() {
  const [mint, terms, failed, onClose, onConfirm, onRetry] = useUnit([
    $termsMint,
    $terms,
    $termsLoadFailed,
    termsClosed,
    termsConfirmed,
    termsRetried,
  ]);
  const t = useT();
  if (!mint) return null;
  const actions: ModalAction[] = [
    { label: t('staking.termsConfirm'), onClick: () => onConfirm(), disabled: !terms, tone: 'primary' },
    { label: t('common.cancel'), onClick: () => onClose() },
  ];
  if (!terms && failed) actions.splice(1, 0, { label: t('launch.tryAgain'), onClick: () => onRetry() });
  return (
    <Modal title={t('staking.termsTitle')} onClose={() => onClose()} actions={actions}>
      {terms ? (
        <div className={styles.terms} data-testid="stake-terms">
          <ListRows>
            <ListRow label={t('staking.termsStaked')} value={formatTokens(terms.staked, t.locale)} strong />
            <ListRow
              label={t('staking.termsRate')}
              hint={t('staking.termsRateHint', {
                base: formatPercent(terms.basePercent, t.locale),
                bonuses: formatPercent(terms.bonusPercent, t.locale),
              })}
              value={t('staking.termsRateValue', { percent: formatPercent(terms.ratePercent, t.locale) })}
              valueTestId="stake-terms-rate"
            />
            <ListRow label={t('staking.termsPerDay')} value={formatTokens(terms.perDay, t.locale)} />
            <ListRow
              label={t('staking.termsCap')}
              value={t('staking.termsCapValue', {
                amount: formatTokens(terms.cap, t.locale),
                percent: formatPercent(terms.capPercent, t.locale),
              })}
              valueTestId="stake-terms-cap"
            />
            <ListRow
              label={t('staking.termsPayout')}
              value={formatTokens(terms.payout, t.locale)}
              valueTestId="stake-terms-payout"
            />
          </ListRows>
          <p className={styles.termsText}>
            {t('staking.termsMint', { amount: formatTokens(terms.givenUp, t.locale) })}
          </p>
          <p className={styles.termsText}>
            {terms.daysToCap === null
              ? t('staking.termsClaimNoRate', { payout: formatTokens(terms.payout, t.locale) })
              : t('staking.termsClaim', {
                  days: t('common.days', { count: terms.daysToCap }),
                  payout: formatTokens(terms.payout, t.locale),
                })}{' '}
            {t('staking.termsRateChanges')}
          </p>
        </div>
      ) : failed ? (
        <p className={styles.termsText} role="alert">
          {t('staking.termsLoadFailed')}
        </p>
      ) : (
        <p className={styles.termsText} role="status">
          {t('staking.termsLoading')}
        </p>
      )}
    </Modal>
  );
}
