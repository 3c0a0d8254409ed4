import { useUnit } from 'effector-react';
import { payoutReasonWords } from '@console/entities/payout-reason';
import { UserLink } from '@console/entities/user';
import type { OperatorWithdrawal } from '@console/shared/api';
import { appConfig } from '@shared/config';
import { ActionDialog, ConsoleQueryState, CopyValue } from '@console/shared/ui';
import { formatDateTime, useConsoleLocale, useConsoleT } from '@console/shared/i18n';
import { explorerTransactionUrl } from '@shared/lib/explorer';
import { formatTokens, formatTon } from '@shared/lib/format';
import { Badge, type BadgeTone } from '@shared/ui/badge';
import { Button } from '@shared/ui/button';
import { Page } from '@shared/ui/page';
import { CardGrid, Fact, Facts, RecordCard } from '@console/shared/ui/record-card';
import { txHashHex } from '../lib/tx-hash';
import { $outcomes, canAct, canRetry, refundAction, retryAction, withdrawals } from '../model/withdrawals';

const STATUS_TONE: Record<OperatorWithdrawal['status'], BadgeTone> = {
  queued: 'neutral',
  sending: 'accent',
  completed: 'success',
  failed: 'danger',
  refunded: 'warning',
};

function Row({ withdrawal }: { withdrawal: OperatorWithdrawal }) {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const [outcomes, retrying, refunding, askRetry, askRefund] = useUnit([
    $outcomes,
    retryAction.$pending,
    refundAction.$pending,
    retryAction.requested,
    refundAction.requested,
  ]);
  const busy = retrying || refunding;
  const outcome = outcomes[withdrawal.id];
  const hex = withdrawal.tx_hash ? txHashHex(withdrawal.tx_hash) : null;
  const { user } = withdrawal;
  return (
    <RecordCard
      title={`#${withdrawal.id}`}
      label={`#${withdrawal.id}`}
      badge={<Badge tone={STATUS_TONE[withdrawal.status]}>{t(`withdrawals.status.${withdrawal.status}`)}</Badge>}
      testId="withdrawal-row"
      outcome={outcome ? t('withdrawals.done', { status: t(`withdrawals.status.${outcome}`) }) : undefined}
      actions={
        canAct(withdrawal) ? (
          <>
            {canRetry(withdrawal) ? (
              <Button variant="secondary" disabled={busy} onClick={() => askRetry(withdrawal.id)}>
                {t('withdrawals.retry')}
              </Button>
            ) : null}
            <Button variant="destructive" disabled={busy} onClick={() => askRefund(withdrawal.id)}>
              {t('withdrawals.refund')}
            </Button>
          </>
        ) : undefined
      }
    >
      <Facts>
        {withdrawal.error ? (
          <Fact
            label={t('withdrawals.reason')}
            value={payoutReasonWords(withdrawal.error_coded, withdrawal.error, t)}
            stacked
          />
        ) : null}
        <Fact label={t('withdrawals.user')} value={<UserLink id={withdrawal.user_id} user={user} />} />
        <Fact
          label={t('withdrawals.amount')}
          value={formatTon(withdrawal.ton_amount, t.locale)}
          hint={formatTokens(withdrawal.token_amount, t.locale)}
          strong
        />
        <Fact
          label={t('withdrawals.address')}
          value={<CopyValue value={withdrawal.address} label={t('withdrawals.address')} />}
          stacked
        />
        <Fact
          label={t('withdrawals.batch')}
          value={withdrawal.batch_id === null ? t('withdrawals.noBatch') : `#${withdrawal.batch_id}`}
        />
        {withdrawal.tx_hash ? (
          <Fact
            label={t('withdrawals.tx')}
            value={
              hex ? (
                <a
                  href={explorerTransactionUrl(appConfig.tonNetwork, hex)}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={hex}
                >
                  {hex.slice(0, 8)}…{hex.slice(-6)}
                </a>
              ) : (
                <CopyValue value={withdrawal.tx_hash} label={t('withdrawals.tx')} />
              )
            }
          />
        ) : null}
        {/* When the user sold: a queued sale was asked for, not sent. */}
        <Fact label={t('withdrawals.requested')} value={formatDateTime(withdrawal.created_at, locale)} />
      </Facts>
    </RecordCard>
  );
}

export function WithdrawalsPage() {
  const t = useConsoleT();
  const [list, status, loaded, reload] = useUnit([
    withdrawals.$data,
    withdrawals.$status,
    withdrawals.$loaded,
    withdrawals.start,
  ]);
  return (
    <Page title={t('withdrawals.title')}>
      <ConsoleQueryState
        status={status}
        hasData={loaded}
        isEmpty={list.length === 0}
        empty={t('withdrawals.empty')}
        onRetry={() => void reload()}
        testId="withdrawals"
      >
        <CardGrid>
          {list.map((withdrawal) => (
            <Row key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </CardGrid>
      </ConsoleQueryState>
      <ActionDialog
        action={retryAction}
        texts={(id) => ({ title: t('withdrawals.retry'), text: t('withdrawals.retryConfirm', { id }) })}
      />
      <ActionDialog
        action={refundAction}
        danger
        texts={(id) => ({ title: t('withdrawals.refund'), text: t('withdrawals.refundConfirm', { id }) })}
      />
    </Page>
  );
}
