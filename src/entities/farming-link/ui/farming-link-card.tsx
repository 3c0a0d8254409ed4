import type { ReactNode } from 'react';
import type { FarmingLink, FarmingLinkStatus } from '@/shared/api';
import { formatDate, useLocale, useT, type MessageKey } from '@/shared/i18n';
import { formatTokens, formatTon } from '@/shared/lib/format';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { linkSource, shownTimes, type FarmingSource } from '../lib/link-facts';
import styles from './farming-link-card.module.css';

const STATUS = {
  active: { text: 'farming.status.active', tone: 'success' },
  exhausted: { text: 'farming.status.exhausted', tone: 'neutral' },
  revoked: { text: 'farming.status.revoked', tone: 'danger' },
} as const satisfies Record<FarmingLinkStatus, { text: MessageKey; tone: BadgeTone }>;

export const SOURCE_TEXTS = {
  referral: 'farming.source.referral',
  task: 'farming.source.task',
} as const satisfies Record<FarmingSource, MessageKey>;

/**
 * One farming link: what each activation gives, how many uses are taken, its status and the balance
 * it was paid from. Actions (copy, share, cancel) go in `children`.
 */
export function FarmingLinkCard({ link, children }: { link: FarmingLink; children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const status = STATUS[link.status];
  // Named by what it gives, as its header reads: a link has no public id, and its row id is a counter
  // users are not shown (docs/decisions.md "Names and ids").
  const title = `${formatTokens(link.amount_token, t.locale)} · ${t('common.days', { count: link.tariff_days })}`;
  return (
    <article
      className={styles.card}
      data-testid="farming-link"
      data-id={link.id}
      aria-label={t('farming.cardLabel', { title })}
    >
      <header className={styles.header}>
        <span className={styles.title}>{title}</span>
        <Badge tone={status.tone} testId="farming-link-status">
          {t(status.text)}
        </Badge>
      </header>
      <ListRows>
        <ListRow
          label={t('farming.uses')}
          value={t('farming.usedOf', { used: link.activations_used, count: link.count_activations })}
          valueTestId="farming-link-uses"
          strong
        />
        <ListRow label={t('farming.eachGives')} value={formatTon(link.amount, t.locale)} />
        <ListRow label={t('farming.paidFrom')} value={t(SOURCE_TEXTS[linkSource(link)])} />
        <ListRow
          label={t('farming.cost')}
          value={formatTokens(shownTimes(link.amount_token, link.count_activations), t.locale)}
        />
        {link.status === 'revoked' ? (
          <ListRow label={t('farming.refunded')} value={formatTokens(link.refunded_token, t.locale)} />
        ) : null}
        <ListRow label={t('farming.createdOn')} value={formatDate(link.created_at, locale)} />
      </ListRows>
      <p className={styles.kinds}>
        {link.is_multilink ? t('farming.kind.multilink') : t('farming.kind.singleUse')}
        {link.is_for_me ? ` · ${t('farming.kind.forMe')}` : ''}
      </p>
      {children}
    </article>
  );
}
