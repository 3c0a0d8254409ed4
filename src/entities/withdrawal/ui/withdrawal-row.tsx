import type { Withdrawal, WithdrawalStatus } from '@/shared/api';
import { formatDateTime, type MessageKey, useLocale, useT } from '@/shared/i18n';
import { DECIMALS, formatAmount, shortenAddress } from '@/shared/lib/format';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { Icon } from '@/shared/ui/icon';
import styles from './withdrawal-row.module.css';

/** queued and sending wait (pending look), completed is done, failed needs an operator, refunded is back. */
export const STATUSES = {
  queued: { label: 'withdrawals.status.queued', tone: 'warning' },
  sending: { label: 'withdrawals.status.sending', tone: 'warning' },
  completed: { label: 'withdrawals.status.completed', tone: 'success' },
  failed: { label: 'withdrawals.status.failed', tone: 'danger' },
  refunded: { label: 'withdrawals.status.refunded', tone: 'neutral' },
} as const satisfies Record<WithdrawalStatus, { label: MessageKey; tone: BadgeTone }>;

const SOURCES = {
  balance_token: 'history.accountMain',
  referral_balance: 'history.accountReferral',
  task_balance: 'history.accountTask',
} as const satisfies Record<Withdrawal['source'], MessageKey>;

const MINUS = '\u2212';

/** A transaction hash shortened like an address: enough to recognise it in an explorer. */
const shortHash = (hash: string) => shortenAddress(hash, 6, 6);

/**
 * One sale (SPEC §2 /history, withdrawals): the tokens sold and the balance they came from, the TON
 * that arrives and where, its status (the transaction's hash once completed), when, in the user's locale.
 */
export function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const t = useT();
  const locale = useLocale();
  const status = STATUSES[withdrawal.status];
  return (
    <li className={styles.item} data-testid="withdrawal" data-status={withdrawal.status} data-id={withdrawal.id}>
      <span className={styles.icon}>
        <Icon name="coins" size={20} />
      </span>
      <div className={styles.what}>
        <span className={styles.title}>{t('history.withdrawal')}</span>
        <span className={styles.meta}>{t(SOURCES[withdrawal.source])}</span>
        <span className={styles.meta} title={withdrawal.address}>
          {t('withdrawals.to', { address: shortenAddress(withdrawal.address, 3, 4) })}
        </span>
        <time className={styles.meta} dateTime={new Date(withdrawal.created_at * 1000).toISOString()}>
          {formatDateTime(withdrawal.created_at, locale)}
        </time>
        <span className={styles.status}>
          <Badge tone={status.tone} testId="withdrawal-status">
            {t(status.label)}
          </Badge>
          {withdrawal.status === 'completed' && withdrawal.tx_hash ? (
            <span className={styles.meta} title={withdrawal.tx_hash} data-testid="withdrawal-tx">
              {t('withdrawals.tx', { hash: shortHash(withdrawal.tx_hash) })}
            </span>
          ) : null}
        </span>
      </div>
      <dl className={styles.figures}>
        <dt className={styles.srOnly}>{t('withdrawals.received')}</dt>
        <dd className={styles.credit} data-testid="withdrawal-ton">
          {`+${formatAmount(withdrawal.ton_amount, DECIMALS.ton)} TON`}
        </dd>
        <dt className={styles.srOnly}>{t('withdrawals.sold')}</dt>
        <dd className={styles.debit} data-testid="withdrawal-tokens">
          {`${MINUS}${formatAmount(withdrawal.token_amount, DECIMALS.token)} TKN`}
        </dd>
        <dt className={styles.srOnly}>{t('sell.fee')}</dt>
        <dd className={styles.fee}>{t('withdrawals.fee', { amount: formatAmount(withdrawal.fee, DECIMALS.ton) })}</dd>
      </dl>
    </li>
  );
}
