import { Link } from 'atomic-router-react';
import type { EventCallable } from 'effector';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import type { Operation, OperationType } from '@/shared/api';
import { formatDateTime, type MessageKey, useLocale, useT } from '@/shared/i18n';
import { DECIMALS, formatAmount } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon, type IconName } from '@/shared/ui/icon';
import { Section } from '@/shared/ui/section';
import { SkeletonCard } from '@/shared/ui/skeleton';
import {
  $hasMoreWithdrawals,
  $moreWithdrawalsFailed,
  $withdrawals,
  $withdrawalsLoaded,
  $withdrawalsLoadFailed,
  $withdrawalsLoadingMore,
  $withdrawalsTotal,
  moreWithdrawalsRequested,
  withdrawalsEndReached,
  withdrawalsRequested,
} from '@/entities/withdrawal';
import { WithdrawalRow } from '@/entities/withdrawal/index.ui';
import { Tabs } from '@/shared/ui/tabs';
import {
  $hasMore,
  $tab,
  HISTORY_TABS,
  tabChosen,
  type HistoryTab,
  $isLoadingMore,
  $loaded,
  $loadFailed,
  $moreFailed,
  $operations,
  $total,
  endOfListReached,
  historyRequested,
  moreRequested,
} from '../model/history';
import styles from './history.module.css';

const TITLES = {
  sandbox_grant: 'history.sandboxGrant',
  mint_matured: 'history.mintMatured',
  staking_principal: 'history.stakingPrincipal',
  staking_reward: 'history.stakingReward',
  referral_reward: 'history.referralReward',
  task_reward: 'history.taskReward',
  farming_link: 'history.farmingLink',
  farming_refund: 'history.farmingRefund',
  withdrawal: 'history.withdrawal',
  withdrawal_refund: 'history.withdrawalRefund',
} as const satisfies Record<Exclude<OperationType, 'referral_transfer'>, MessageKey>;

const ICONS: Record<OperationType, IconName> = {
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

const ACCOUNTS = {
  balance_token: 'history.accountMain',
  referral_balance: 'history.accountReferral',
  task_balance: 'history.accountTask',
} as const satisfies Record<Operation['account'], MessageKey>;

/** A transfer is two entries: out of the referral balance, into the main one. */
const titleOf = (operation: Operation) =>
  operation.type === 'referral_transfer'
    ? operation.direction === 'in'
      ? 'history.movedFromReferral'
      : 'history.movedToMain'
    : TITLES[operation.type];

const MINUS = '\u2212';

function OperationItem({ operation }: { operation: Operation }) {
  const t = useT();
  const locale = useLocale();
  const title = t(titleOf(operation));
  const sign = operation.direction === 'in' ? '+' : MINUS;
  return (
    <li className={styles.item} data-testid="operation" data-type={operation.type}>
      <span className={styles.icon}>
        <Icon name={ICONS[operation.type]} size={20} />
      </span>
      <div className={styles.what}>
        <span className={styles.title}>{title}</span>
        <span className={styles.meta} data-testid="operation-account">
          {t(ACCOUNTS[operation.account])}
        </span>
        <time className={styles.meta} dateTime={new Date(operation.created_at * 1000).toISOString()}>
          {formatDateTime(operation.created_at, locale)}
        </time>
      </div>
      <dl className={styles.figures}>
        <dt className={styles.srOnly}>{t('history.amount')}</dt>
        <dd className={operation.direction === 'in' ? styles.credit : styles.debit} data-testid="operation-amount">
          {`${sign}${formatAmount(operation.amount, DECIMALS.token)} TKN`}
        </dd>
        <dd className={styles.after}>{t('history.balanceAfter', { amount: formatAmount(operation.balance_after, DECIMALS.token) })}</dd>
      </dl>
    </li>
  );
}

/** Tells the model when the end of the list comes into view; the model decides whether to read on. */
function EndOfList({ reached }: { reached: EventCallable<void> }) {
  const onReached = useUnit(reached);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onReached();
    }, { rootMargin: '0px 0px 200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onReached]);
  return <div ref={ref} className={styles.sentinel} aria-hidden />;
}

/** The user's operations, newest first, 10 at a time, more as the list is scrolled. */
function Operations() {
  const [operations, total, loaded, failed, hasMore, loadingMore, moreFailed, onRetry, onMore] = useUnit([
    $operations,
    $total,
    $loaded,
    $loadFailed,
    $hasMore,
    $isLoadingMore,
    $moreFailed,
    historyRequested,
    moreRequested,
  ]);
  const t = useT();
  const title = t('history.title');
  if (!loaded) {
    return (
      <Section plain label={title}>
        {failed ? (
          <EmptyState
            icon={<Icon name="offline" />}
            title={t('history.loadFailed')}
            text={t('history.loadFailedText')}
            action={
              <Button variant="secondary" size="s" stretched={false} onClick={() => onRetry()}>
                {t('launch.tryAgain')}
              </Button>
            }
          />
        ) : (
          <SkeletonCard lines={4} label={t('history.loading')} testId="history-loading" />
        )}
      </Section>
    );
  }
  if (operations.length === 0) {
    return (
      <Section plain label={title}>
        <EmptyState
          testId="history-empty"
          icon={<Icon name="clock" />}
          title={t('history.empty')}
          text={t('history.emptyText')}
          action={
            <Link to={routes.mint} className={buttonClassName({ variant: 'secondary', size: 's' })}>
              {t('dashboard.goToMint')}
            </Link>
          }
        />
      </Section>
    );
  }
  return (
    <Section title={title} id="history" aside={<span className={styles.count}>{t('history.count', { count: total })}</span>}>
      <ul className={styles.list} aria-busy={loadingMore || undefined}>
        {operations.map((operation) => (
          <OperationItem key={operation.id} operation={operation} />
        ))}
      </ul>
      {hasMore ? (
        <div className={styles.more}>
          <EndOfList reached={endOfListReached} />
          {moreFailed ? (
            <p className={styles.moreFailed} role="status">
              {t('history.moreFailed')}
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

/** The user's sales and their payouts, newest first, 10 at a time, live statuses. */
function Withdrawals() {
  const [withdrawals, total, loaded, failed, hasMore, loadingMore, moreFailed, onRetry, onMore] = useUnit([
    $withdrawals,
    $withdrawalsTotal,
    $withdrawalsLoaded,
    $withdrawalsLoadFailed,
    $hasMoreWithdrawals,
    $withdrawalsLoadingMore,
    $moreWithdrawalsFailed,
    withdrawalsRequested,
    moreWithdrawalsRequested,
  ]);
  const t = useT();
  const title = t('withdrawals.title');
  // A sale made before the list was read is already on it (the sale's answer): show it meanwhile.
  if (!loaded && withdrawals.length === 0) {
    return (
      <Section plain label={title}>
        {failed ? (
          <EmptyState
            testId="withdrawals-failed"
            icon={<Icon name="offline" />}
            title={t('withdrawals.loadFailed')}
            text={t('history.loadFailedText')}
            action={
              <Button variant="secondary" size="s" stretched={false} onClick={() => onRetry()}>
                {t('launch.tryAgain')}
              </Button>
            }
          />
        ) : (
          <SkeletonCard lines={4} label={t('withdrawals.loading')} testId="withdrawals-loading" />
        )}
      </Section>
    );
  }
  if (withdrawals.length === 0) {
    return (
      <Section plain label={title}>
        <EmptyState
          testId="withdrawals-empty"
          icon={<Icon name="coins" />}
          title={t('withdrawals.empty')}
          text={t('withdrawals.emptyText')}
          action={
            <Link to={routes.dashboardSell} className={buttonClassName({ variant: 'secondary', size: 's' })}>
              {t('withdrawals.sellTokens')}
            </Link>
          }
        />
      </Section>
    );
  }
  return (
    <Section
      title={title}
      id="withdrawals"
      aside={<span className={styles.count}>{t('withdrawals.count', { count: total })}</span>}
    >
      <ul className={styles.list} aria-busy={loadingMore || undefined} data-testid="withdrawals">
        {withdrawals.map((withdrawal) => (
          <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
        ))}
      </ul>
      {hasMore ? (
        <div className={styles.more}>
          <EndOfList reached={withdrawalsEndReached} />
          {moreFailed ? (
            <p className={styles.moreFailed} role="status">
              {t('withdrawals.moreFailed')}
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

const TAB_LABELS = { operations: 'history.title', withdrawals: 'withdrawals.title' } as const satisfies Record<HistoryTab, MessageKey>;

/** /history (SPEC §2): operations | withdrawals. */
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
