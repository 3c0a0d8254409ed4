import { useUnit } from 'effector-react';
import { UserLink } from '@/entities/console-user';
import type { TreasuryTransaction } from '@/shared/console-api';
import { formatDateTime, useConsoleLocale, useConsoleT } from '@/shared/console-i18n';
import { formatTon } from '@/shared/lib/format';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { QueryState } from '@/shared/ui/query-state';
import { Mono, RecordCard, RecordList } from '@/shared/ui/record-card';
import { pageOpened, resolveAction, transactions } from '../model/treasury';

function Row({ tx }: { tx: TreasuryTransaction }) {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const [pending, ask] = useUnit([resolveAction.$pending, resolveAction.requested]);
  const mint = tx.likely_mint;
  return (
    <RecordCard
      title={tx.hash}
      mono
      label={tx.hash}
      badge={<Badge tone="warning">{tx.outcome}</Badge>}
      testId="treasury-row"
      actions={
        <Button variant="secondary" disabled={pending} onClick={() => ask(tx.hash)}>
          {t('treasury.resolve')}
        </Button>
      }
    >
      <ListRows>
        <ListRow label={t('treasury.amount')} value={formatTon(tx.amount_ton)} strong />
        <ListRow label={t('treasury.from')} value={<Mono>{tx.source ?? '—'}</Mono>} />
        <ListRow label={t('treasury.comment')} value={tx.comment ?? '—'} />
        <ListRow label={t('treasury.when')} value={formatDateTime(tx.utime, locale)} />
        <ListRow
          label={t('treasury.likelyMint')}
          value={mint ? `${mint.code} · ${formatTon(mint.ton_amount)} · ${mint.status}` : t('treasury.noMint')}
          hint={mint ? <UserLink id={mint.user.id} user={mint.user} /> : undefined}
        />
      </ListRows>
    </RecordCard>
  );
}

export function TreasuryPage() {
  const t = useConsoleT();
  const [list, status, loaded, reload] = useUnit([
    transactions.$data,
    transactions.$status,
    transactions.$loaded,
    pageOpened,
  ]);
  const [asking, text, missing, pending, changed, confirm, cancel] = useUnit([
    resolveAction.$asking,
    resolveAction.$text,
    resolveAction.$textMissing,
    resolveAction.$pending,
    resolveAction.textChanged,
    resolveAction.confirmed,
    resolveAction.cancelled,
  ]);
  return (
    <Page title={t('treasury.title')}>
      <QueryState
        status={status}
        hasData={loaded}
        empty={list.length === 0}
        texts={{
          loading: t('common.loading'),
          failed: t('common.loadFailed'),
          retry: t('common.tryAgain'),
          empty: t('treasury.empty'),
        }}
        onRetry={() => reload()}
        testId="treasury"
      >
        <RecordList minWidth={460}>
          {list.map((tx) => (
            <Row key={tx.hash} tx={tx} />
          ))}
        </RecordList>
      </QueryState>
      {asking !== null ? (
        <ConfirmDialog
          texts={{
            title: t('treasury.resolveTitle'),
            text: asking,
            confirm: t('treasury.resolve'),
            cancel: t('common.cancel'),
          }}
          pending={pending}
          onConfirm={() => confirm()}
          onCancel={() => cancel()}
          field={{
            label: t('treasury.resolution'),
            value: text,
            onChange: changed,
            problem: missing ? t('treasury.resolutionRequired') : null,
          }}
        />
      ) : null}
    </Page>
  );
}
