import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';
import type { Operation, OperationType } from '@/shared/api';
import { formatDateTime, type MessageKey, useLocale, useT } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import type { PagedList } from '@/shared/lib/paged-list';
import { routes } from '@/shared/routing';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon, type IconName } from '@/shared/ui/icon';
import { ItemList, ListItem, ListItemIcon, ListItemMeta } from '@/shared/ui/list-item';
import { Section } from '@/shared/ui/section';
import { SkeletonCard } from '@/shared/ui/skeleton';
import { withdrawalsList } from '@/entities/withdrawal';
import { WithdrawalRow } from '@/entities/withdrawal/index.ui';
import { Tabs } from '@/shared/ui/tabs';
import { operationAmount, operationPlace, operationRef, operationTitle } from '@/shared/lib/operation';
import { $tab, HISTORY_TABS, tabChosen, type HistoryTab, operationsList } from '../model/history';
import styles from './history.module.css';

const ICONS: Record<OperationType, IconName> = {
  mint_paid: 'mint',
  farming_mint: 'gift',
  stake_started: 'staking',
  sandbox_grant: 'tools',
  mint_matured: 'mint',
  staking_principal: 'staking',
  staking_reward: 'coins',
  referral_reward: 'referral',
  task_reward: 'tasks',
  farming_link: 'link',
  farming_refund: 'undo',
  referral_transfer: 'transfer',
  withdrawal: 'coins',
  withdrawal_refund: 'undo',
};

function OperationItem({ operation }: { operation: Operation }) {
  const t = useT();
  const locale = useLocale();
  const place = operationPlace(operation);
  const ref = operationRef(operation);
  return (
    <ListItem
      data-testid="operation"
      data-type={operation.type}
      media={<ListItemIcon name={ICONS[operation.type]} />}
      title={t(operationTitle(operation))}
      figures={[
        {
          label: t('history.amount'),
          value: operationAmount(operation, t.locale),
          tone: operation.direction === 'in' ? 'accent' : 'strong',
          testId: 'operation-amount',
        },
        ...(operation.balance_after === null
          ? []
          : [
              {
                label: t('history.balanceAfterLabel'),
                value: t('history.balanceAfter', { amount: formatAmount(operation.balance_after, 'token', t.locale) }),
                tone: 'hint' as const,
              },
            ]),
      ]}
    >
      {place ? <ListItemMeta testId="operation-account">{t(place)}</ListItemMeta> : null}
      {ref ? <ListItemMeta testId="operation-ref">{ref}</ListItemMeta> : null}
      <ListItemMeta dateTime={new Date(operation.created_at * 1000).toISOString()}>
        {formatDateTime(operation.created_at, locale)}
      </ListItemMeta>
    </ListItem>
  );
}

/** Tells the model when the end of the list comes into view; the model decides whether to read on. */
function EndOfList({ onReached }: { onReached: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReached();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onReached]);
  return <div ref={ref} className={styles.sentinel} aria-hidden />;
}

/** A list's own texts, in the user's language. */
interface ListTexts {
  title: string;
  count: (count: number) => string;
  loading: string;
  loadFailed: string;
  moreFailed: string;
  empty: string;
  emptyText: string;
}

/**
 * One history list from its paged model: loading, failed (Try again), empty (with a way forward), the
 * rows with their count, and more on scroll or 'Show more'. Rows already listed (a sale just made) show
 * while page 1 is read.
 */
function HistoryList<T extends { id: number }>(props: {
  list: PagedList<T>;
  texts: ListTexts;
  name: string;
  emptyIcon: IconName;
  emptyAction: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { list, texts, name } = props;
  const [items, total, loaded, failed, hasMore, loadingMore, moreFailed, onRetry, onMore, onEndOfList] = useUnit([
    list.$items,
    list.$total,
    list.$loaded,
    list.$loadFailed,
    list.$hasMore,
    list.$isLoadingMore,
    list.$moreFailed,
    list.requested,
    list.moreRequested,
    list.endOfListReached,
  ]);
  const t = useT();
  const title = texts.title;
  if (!loaded && items.length === 0) {
    return (
      <Section plain label={title}>
        {failed ? (
          <EmptyState
            testId={`${name}-failed`}
            icon={<Icon name="offline" />}
            title={texts.loadFailed}
            text={t('history.loadFailedText')}
            action={
              <Button variant="secondary" size="s" stretched={false} onClick={() => onRetry()}>
                {t('launch.tryAgain')}
              </Button>
            }
          />
        ) : (
          <SkeletonCard lines={4} label={texts.loading} testId={`${name}-loading`} />
        )}
      </Section>
    );
  }
  if (items.length === 0) {
    return (
      <Section plain label={title}>
        <EmptyState
          testId={`${name}-empty`}
          icon={<Icon name={props.emptyIcon} />}
          title={texts.empty}
          text={texts.emptyText}
          action={props.emptyAction}
        />
      </Section>
    );
  }
  return (
    <Section title={title} id={name} aside={<span className={styles.count}>{texts.count(total)}</span>}>
      <ItemList aria-busy={loadingMore || undefined} data-testid={name}>
        {items.map((item) => (
          <Fragment key={item.id}>{props.row(item)}</Fragment>
        ))}
      </ItemList>
      {hasMore ? (
        <div className={styles.more}>
          <EndOfList onReached={onEndOfList} />
          {moreFailed ? (
            <p className={styles.moreFailed} role="status">
              {texts.moreFailed}
            </p>
          ) : null}
          <Button variant="secondary" size="s" loading={loadingMore} onClick={() => onMore()}>
            {t('history.showMore')}
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

/** The user's operations, newest first, 10 at a time, more as the list is scrolled. */
function Operations() {
  const t = useT();
  return (
    <HistoryList
      list={operationsList}
      texts={{
        title: t('history.title'),
        count: (count) => t('history.count', { count }),
        loading: t('history.loading'),
        loadFailed: t('history.loadFailed'),
        moreFailed: t('history.moreFailed'),
        empty: t('history.empty'),
        emptyText: t('history.emptyText'),
      }}
      name="history"
      emptyIcon="clock"
      emptyAction={
        <Link to={routes.mint} className={buttonClassName({ variant: 'secondary', size: 's' })}>
          {t('dashboard.goToMint')}
        </Link>
      }
      row={(operation) => <OperationItem operation={operation} />}
    />
  );
}

/** The user's sales and their payouts, newest first, 10 at a time, live statuses. */
function Withdrawals() {
  const t = useT();
  return (
    <HistoryList
      list={withdrawalsList}
      texts={{
        title: t('withdrawals.title'),
        count: (count) => t('withdrawals.count', { count }),
        loading: t('withdrawals.loading'),
        loadFailed: t('withdrawals.loadFailed'),
        moreFailed: t('withdrawals.moreFailed'),
        empty: t('withdrawals.empty'),
        emptyText: t('withdrawals.emptyText'),
      }}
      name="withdrawals"
      emptyIcon="coins"
      emptyAction={
        <Link to={routes.dashboardSell} className={buttonClassName({ variant: 'secondary', size: 's' })}>
          {t('withdrawals.sellTokens')}
        </Link>
      }
      row={(withdrawal) => <WithdrawalRow withdrawal={withdrawal} />}
    />
  );
}

const TAB_LABELS = { operations: 'history.title', withdrawals: 'withdrawals.title' } as const satisfies Record<
  HistoryTab,
  MessageKey
>;

/** /history (docs/product.md §2): operations | withdrawals. */
export function HistorySection() {
  const [tab, onTab] = useUnit([$tab, tabChosen]);
  const t = useT();
  return (
    <>
      <Tabs
        label={t('withdrawals.kinds')}
        tabs={HISTORY_TABS.map((value) => ({ value, label: t(TAB_LABELS[value]) }))}
        value={tab}
        onChange={onTab}
      />
      {/* The states without a list (loading, empty, failed) are named by the tab above them. */}
      <div role="tabpanel" aria-label={t(TAB_LABELS[tab])} className={styles.panel}>
        {tab === 'operations' ? <Operations /> : <Withdrawals />}
      </div>
    </>
  );
}
