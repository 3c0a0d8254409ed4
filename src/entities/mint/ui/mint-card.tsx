import type { ReactNode } from 'react';
import type { Mint, MintStatus } from '@/shared/api';
import { formatAmount, formatDays } from '@/shared/lib/format';
import styles from './mint-card.module.css';

const TOKEN = 'TKN';

/** 'move_to_staking' → 'move to staking'; the others read as they are ('active', 'pending', …). */
const statusText = (status: MintStatus): string => status.replace(/_/g, ' ');

const dateText = (seconds: number): string =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

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
  return (
    <article className={styles.card} data-testid="mint-card" aria-label={`Mint ${mint.mint_id}`}>
      <header className={styles.header}>
        <span className={styles.code}>#{mint.mint_id}</span>
        <span className={`${styles.status} ${styles[mint.status] ?? ''}`} data-testid="mint-status">
          {statusText(mint.status)}
        </span>
      </header>
      <dl className={styles.rows}>
        <Row label="Amount">
          {formatAmount(mint.amount_token, 2)} {TOKEN}
        </Row>
        <Row label="Expected">
          {formatAmount(mint.expected_token, 2)} {TOKEN}
        </Row>
        <Row label="Cost">{formatAmount(mint.amount_ton, 4)} TON</Row>
        <Row label="Term">{formatDays(mint.tariff_days)}</Row>
        {mint.matures_at !== null ? <Row label="Matures">{dateText(mint.matures_at)}</Row> : null}
      </dl>
      {children}
    </article>
  );
}
