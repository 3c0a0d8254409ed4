import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { operationAmount, operationPlace, operationRef, operationTitle } from '@shared/lib/operation';
import { UserLink, userLabel } from '@console/entities/user';
import type { OperatorUserDetail } from '@console/shared/api';
import { ConsoleQueryState, CopyValue } from '@console/shared/ui';
import { formatDateTime, useConsoleLocale, useConsoleT } from '@console/shared/i18n';
import { consoleRoutes } from '@console/shared/routing';
import { type MessageKey, useT } from '@shared/i18n';
import { formatTokens, formatTon } from '@shared/lib/format';
import { Page } from '@shared/ui/page';
import { CardGrid, Fact, Facts } from '@console/shared/ui/record-card';
import { Section } from '@shared/ui/section';
import { detail, detailRetried } from '../model/users';
import styles from './users-page.module.css';

type Mint = OperatorUserDetail['mints'][number];
type Stake = OperatorUserDetail['stakes'][number];

/** A mint's and a stake's status as the app says it (its catalogue: the user sees the same words). */
const MINT_STATUS = {
  pending: 'mint.status.pending',
  active: 'mint.status.active',
  canceled: 'mint.status.canceled',
  completed: 'mint.status.completed',
  move_to_staking: 'mint.status.moveToStaking',
} as const satisfies Record<Mint['status'], MessageKey>;
const STAKE_STATUS = {
  pending: 'stake.status.pending',
  active: 'stake.status.active',
  completed: 'stake.status.completed',
} as const satisfies Record<Stake['status'], MessageKey>;

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
      <Facts>{items.length === 0 ? <Fact label={t('users.none')} value="" /> : items.map(row)}</Facts>
    </Section>
  );
}

export function UserPage() {
  const t = useConsoleT();
  const app = useT();
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
              <Facts>
                <Fact
                  label={t('users.balanceToken')}
                  value={formatTokens(data.balances.balance_token, t.locale)}
                  strong
                />
                <Fact label={t('users.taskBalance')} value={formatTokens(data.balances.task_balance, t.locale)} />
                <Fact
                  label={t('users.referralBalance')}
                  value={formatTokens(data.balances.referral_balance, t.locale)}
                />
              </Facts>
            </Section>
            <Section title={t('users.profile')} id="user-profile">
              <Facts>
                <Fact label={t('users.refCode')} value={data.user.ref_code} />
                <Fact label={t('users.language')} value={data.user.language_code} />
                <Fact
                  label={t('users.wallet')}
                  value={
                    data.user.wallet ? (
                      // The one form the app and the user's wallet show (UQ…/0Q…): what a screenshot has.
                      <span data-testid="user-wallet">
                        <CopyValue value={data.user.wallet.friendly_address} label={t('users.wallet')} />
                      </span>
                    ) : (
                      t('users.noWallet')
                    )
                  }
                  hint={
                    data.user.wallet ? t('users.walletSince', { date: when(data.user.wallet.bound_at) }) : undefined
                  }
                  stacked={data.user.wallet !== null}
                />
                <Fact
                  label={t('users.referrer')}
                  value={
                    data.user.referrer ? (
                      <UserLink id={data.user.referrer.id} user={data.user.referrer} />
                    ) : (
                      t('users.noReferrer')
                    )
                  }
                  valueTestId="user-referrer"
                />
                <Fact
                  label={t('users.community')}
                  value={data.user.community_participation ? t('common.yes') : t('common.no')}
                />
                <Fact
                  label={t('users.notifications')}
                  value={data.user.notifications_enabled ? t('common.yes') : t('common.no')}
                />
                <Fact label={t('users.joined')} value={when(data.user.created_at)} />
              </Facts>
            </Section>
            <ListSection
              id="user-mints"
              title={t('users.mints')}
              items={data.mints}
              row={(mint) => (
                <Fact
                  key={mint.id}
                  label={app('mint.cardLabel', { code: mint.mint_id })}
                  value={formatTokens(mint.amount_token, t.locale)}
                  // A farming link's mint was given, not paid for (contract mintSchema `source`).
                  hint={`${app(MINT_STATUS[mint.status])} · ${
                    mint.source === 'farming' ? app('mint.gift') : formatTon(mint.amount_ton, t.locale)
                  } · ${when(mint.created_at)}`}
                />
              )}
            />
            <ListSection
              id="user-stakes"
              title={t('users.stakes')}
              items={data.stakes}
              row={(stake) => (
                <Fact
                  key={stake.id}
                  label={app('stake.cardLabel', { code: stake.staking_id })}
                  value={formatTokens(stake.total_amount, t.locale)}
                  hint={`${app(STAKE_STATUS[stake.status])} · ${when(stake.created_at)}`}
                />
              )}
            />
            <ListSection
              id="user-withdrawals"
              title={t('users.withdrawals')}
              items={data.withdrawals}
              row={(withdrawal) => (
                <Fact
                  key={withdrawal.id}
                  label={`#${withdrawal.id} · ${t(`withdrawals.status.${withdrawal.status}`)}`}
                  value={formatTon(withdrawal.ton_amount, t.locale)}
                  hint={`${formatTokens(withdrawal.token_amount, t.locale)} · ${when(withdrawal.created_at)}`}
                />
              )}
            />
            <ListSection
              id="user-ledger"
              title={t('users.ledger')}
              items={data.ledger}
              row={(operation) => {
                const place = operationPlace(operation);
                const ref = operationRef(operation);
                return (
                  <Fact
                    key={operation.id}
                    label={app(operationTitle(operation))}
                    value={operationAmount(operation, app.locale)}
                    hint={[place ? app(place) : null, ref, when(operation.created_at)].filter(Boolean).join(' · ')}
                  />
                );
              }}
            />
          </CardGrid>
        ) : null}
      </ConsoleQueryState>
    </Page>
  );
}
