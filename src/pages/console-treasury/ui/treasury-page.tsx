import { useUnit } from 'effector-react';
import { UserLink } from '@/entities/console-user';
import type { TreasuryTransaction } from '@/shared/console-api';
import { ActionDialog, ConsoleQueryState } from '@/shared/console-ui';
import { formatDateTime, useConsoleLocale, useConsoleT } from '@/shared/console-i18n';
import { formatTon } from '@/shared/lib/format';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { Mono, RecordCard, CardGrid } from '@/shared/ui/record-card';
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
  return (
    <Page title={t('treasury.title')}>
      <ConsoleQueryState
        status={status}
        hasData={loaded}
        isEmpty={list.length === 0}
        empty={t('treasury.empty')}
        onRetry={() => reload()}
        testId="treasury"
      >
        <CardGrid minWidth={460}>
          {list.map((tx) => (
            <Row key={tx.hash} tx={tx} />
          ))}
        </CardGrid>
      </ConsoleQueryState>
      <ActionDialog
        action={resolveAction}
        texts={(hash) => ({ title: t('treasury.resolveTitle'), text: hash, confirm: t('treasury.resolve') })}
        field={{ label: t('treasury.resolution'), missing: t('treasury.resolutionRequired') }}
      />
    </Page>
  );
}
