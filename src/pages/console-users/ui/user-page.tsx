import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { userLabel } from '@/entities/console-user';
import { ConsoleQueryState } from '@/shared/console-ui';
import { formatDateTime, useConsoleLocale, useConsoleT } from '@/shared/console-i18n';
import { formatTokens, formatTon } from '@/shared/lib/format';
import { consoleRoutes } from '@/shared/console-routing';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { CardGrid, Mono } from '@/shared/ui/record-card';
import { Section } from '@/shared/ui/section';
import { detail, detailRetried } from '../model/users';
import styles from './users-page.module.css';

/** A list section of the user's page: its rows, or "None". */
function ListSection<Item>({
  id,
  title,
  items,
  row,
}: {
  id: string;
  title: string;
  items: Item[];
  row: (item: Item) => ReactNode;
}) {
  const t = useConsoleT();
  return (
    <Section title={title} id={id}>
      <ListRows>{items.length === 0 ? <ListRow label={t('users.none')} value="" /> : items.map(row)}</ListRows>
    </Section>
  );
}

export function UserPage() {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const [data, status, retry] = useUnit([detail.$data, detail.$status, detailRetried]);
  const when = (seconds: number) => formatDateTime(seconds, locale);
  return (
    <Page title={data ? userLabel(data.user) : t('users.title')}>
      <Link to={consoleRoutes.users} className={styles.back}>
        ← {t('users.back')}
      </Link>
      <ConsoleQueryState status={status} hasData={data !== null} onRetry={() => retry()} testId="user">
        {data ? (
          <CardGrid minWidth={380}>
            <Section title={t('users.balances')} id="user-balances">
              <ListRows>
                <ListRow label={t('users.balanceToken')} value={formatTokens(data.balances.balance_token)} strong />
                <ListRow label={t('users.taskBalance')} value={formatTokens(data.balances.task_balance)} />
                <ListRow label={t('users.referralBalance')} value={formatTokens(data.balances.referral_balance)} />
              </ListRows>
            </Section>
            <Section title={t('users.profile')} id="user-profile">
              <ListRows>
                <ListRow label={t('users.refCode')} value={data.user.ref_code} />
                <ListRow label={t('users.language')} value={data.user.language_code} />
                <ListRow label={t('users.wallet')} value={data.user.wallet ? <Mono>{data.user.wallet}</Mono> : '—'} />
                <ListRow
                  label={t('users.referrer')}
                  value={
                    data.user.referrer_id === null ? (
                      '—'
                    ) : (
                      <Link to={consoleRoutes.user} params={{ id: String(data.user.referrer_id) }}>
                        #{data.user.referrer_id}
                      </Link>
                    )
                  }
                />
                <ListRow
                  label={t('users.community')}
                  value={data.user.community_participation ? t('common.yes') : t('common.no')}
                />
                <ListRow
                  label={t('users.notifications')}
                  value={data.user.notifications_enabled ? t('common.yes') : t('common.no')}
                />
                <ListRow label={t('users.joined')} value={when(data.user.created_at)} />
              </ListRows>
            </Section>
            <ListSection
              id="user-mints"
              title={t('users.mints')}
              items={data.mints}
              row={(mint) => (
                <ListRow
                  key={mint.id}
                  label={`${mint.mint_id} · ${mint.status}`}
                  value={formatTokens(mint.amount_token)}
                  hint={`${formatTon(mint.amount_ton)} · ${when(mint.created_at)}`}
                />
              )}
            />
            <ListSection
              id="user-stakes"
              title={t('users.stakes')}
              items={data.stakes}
              row={(stake) => (
                <ListRow
                  key={stake.id}
                  label={`${stake.staking_id} · ${stake.status}`}
                  value={formatTokens(stake.total_amount)}
                  hint={when(stake.created_at)}
                />
              )}
            />
            <ListSection
              id="user-withdrawals"
              title={t('users.withdrawals')}
              items={data.withdrawals}
              row={(withdrawal) => (
                <ListRow
                  key={withdrawal.id}
                  label={`#${withdrawal.id} · ${t(`withdrawals.status.${withdrawal.status}`)}`}
                  value={formatTon(withdrawal.ton_amount)}
                  hint={`${formatTokens(withdrawal.token_amount)} · ${when(withdrawal.created_at)}`}
                />
              )}
            />
            <ListSection
              id="user-ledger"
              title={t('users.ledger')}
              items={data.ledger}
              row={(entry) => (
                <ListRow
                  key={entry.id}
                  label={`${entry.type}${entry.account ? ` · ${entry.account}` : ''}`}
                  value={`${entry.direction === 'out' ? '−' : entry.direction === 'in' ? '+' : ''}${
                    entry.unit === 'TON' ? formatTon(entry.amount) : formatTokens(entry.amount)
                  }`}
                  hint={when(entry.created_at)}
                />
              )}
            />
          </CardGrid>
        ) : null}
      </ConsoleQueryState>
    </Page>
  );
}
