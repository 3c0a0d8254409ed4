import type { ReactNode } from 'react';
import type { Mint, MintStatus } from '@/shared/api';
import { formatDate, useLocale, useT, type MessageKey } from '@/shared/i18n';
import { formatTokens, formatTon } from '@/shared/lib/format';
import { mintCost } from '../lib/mint-rules';
import styles from './mint-card.module.css';

const STATUS_TEXTS = {
  pending: 'mint.status.pending',
  active: 'mint.status.active',
  canceled: 'mint.status.canceled',
  completed: 'mint.status.completed',
  move_to_staking: 'mint.status.moveToStaking',
} as const satisfies Record<MintStatus, MessageKey>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/** One mint: its code, status, tokens now and at maturity, term. Actions go in `children`. */
export function MintCard({ mint, children }: { mint: Mint; children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const cost = mintCost(mint);
  return (
    <article className={styles.card} data-testid="mint-card" aria-label={t('mint.cardLabel', { code: mint.mint_id })}>
      <header className={styles.header}>
        <span className={styles.code}>#{mint.mint_id}</span>
        <span className={`${styles.status} ${styles[mint.status] ?? ''}`} data-testid="mint-status">
          {t(STATUS_TEXTS[mint.status])}
        </span>
      </header>
      <dl className={styles.rows}>
        <Row label={t('mint.amount')}>{formatTokens(mint.amount_token, t.locale)}</Row>
        <Row label={t('mint.expected')}>{formatTokens(mint.expected_token, t.locale)}</Row>
        <Row label={t('mint.cost')}>{cost.paid ? formatTon(cost.ton, t.locale) : t('mint.gift')}</Row>
        <Row label={t('mint.term')}>{t('common.days', { count: mint.tariff_days })}</Row>
        {mint.matures_at !== null ? <Row label={t('mint.matures')}>{formatDate(mint.matures_at, locale)}</Row> : null}
      </dl>
      {children}
    </article>
  );
}
