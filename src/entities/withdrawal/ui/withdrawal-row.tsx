import { useUnit } from 'effector-react';
import type { MouseEvent } from 'react';
import type { Withdrawal, WithdrawalStatus } from '@/shared/api';
import { appConfig } from '@/shared/config';
import { formatDateTime, type MessageKey, useLocale, useT } from '@/shared/i18n';
import { explorerTransactionUrl } from '@/shared/lib/explorer';
import { formatAmount, formatTokens, formatTon, shortenAddress } from '@/shared/lib/format';
import { openLinkFx } from '@/shared/telegram';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { ListItem, ListItemIcon, ListItemMeta } from '@/shared/ui/list-item';
import { type SaleFigure, saleRowWords } from '../lib/sale-row';
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

/** A transaction hash shortened like an address: enough to recognise it in an explorer. */
const shortHash = (hash: string) => shortenAddress(hash);

/**
 * Where a paid-out transaction can be looked at: Tonviewer on the server's network. None in the
 * sandbox: its transactions are on the local dev chain, which no explorer knows.
 */
const explorerUrl = (hash: string): string | null =>
  appConfig.mode === 'sandbox' ? null : explorerTransactionUrl(appConfig.tonNetwork, hash);

/** The hash, linked to the explorer where there is one (opened outside the Mini App, as Telegram opens links). */
function TxHash({ hash }: { hash: string }) {
  const t = useT();
  const openLink = useUnit(openLinkFx);
  const text = t('withdrawals.tx', { hash: shortHash(hash) });
  const url = explorerUrl(hash);
  if (!url) return text;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void openLink(url);
  };
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" onClick={open} data-testid="withdrawal-tx-link">
      {text}
    </a>
  );
}

/**
 * One sale (docs/product.md §2 /history, withdrawals): the tokens sold and the balance they came from, the TON
 * that arrives and where, its status (the transaction's hash once completed), when, in the user's locale.
 * A returned sale says so: its tokens back, its TON not received (lib/sale-row.ts).
 */
export function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const t = useT();
  const locale = useLocale();
  const status = STATUSES[withdrawal.status];
  const words = saleRowWords(withdrawal);
  const figureValue = ({ part, sign }: SaleFigure): string => {
    switch (part) {
      case 'ton':
        return `${sign}${formatTon(withdrawal.ton_amount, t.locale)}`;
      case 'tokens':
        return `${sign}${formatTokens(withdrawal.token_amount, t.locale)}`;
      case 'fee':
        return t('withdrawals.fee', { amount: formatAmount(withdrawal.fee, 'ton', t.locale) });
      case 'tonNotReceived':
        return t('withdrawals.tonNotReceived', { amount: formatAmount(withdrawal.ton_amount, 'ton', t.locale) });
    }
  };
  return (
    <ListItem
      data-testid="withdrawal"
      data-status={withdrawal.status}
      data-id={withdrawal.id}
      alignTop
      media={<ListItemIcon name={words.icon} />}
      title={t(words.title)}
      figures={words.figures.map((figure) => ({
        label: t(figure.label),
        value: figureValue(figure),
        tone: figure.tone,
        testId: figure.testId,
      }))}
    >
      <ListItemMeta>{t(SOURCES[withdrawal.source])}</ListItemMeta>
      <ListItemMeta title={withdrawal.address}>
        {t('withdrawals.to', { address: shortenAddress(withdrawal.address) })}
      </ListItemMeta>
      <ListItemMeta dateTime={new Date(withdrawal.created_at * 1000).toISOString()}>
        {formatDateTime(withdrawal.created_at, locale)}
      </ListItemMeta>
      <span className={styles.status}>
        <Badge tone={status.tone} testId="withdrawal-status">
          {t(status.label)}
        </Badge>
        {withdrawal.status === 'completed' && withdrawal.tx_hash ? (
          <ListItemMeta title={withdrawal.tx_hash} testId="withdrawal-tx">
            <TxHash hash={withdrawal.tx_hash} />
          </ListItemMeta>
        ) : null}
      </span>
    </ListItem>
  );
}
