import { useUnit } from 'effector-react';
import { UserLink } from '@console/entities/user';
import type { TreasuryTransaction } from '@console/shared/api';
import { ActionDialog, ConsoleQueryState, CopyValue } from '@console/shared/ui';
import {
  formatDateTime,
  useConsoleLocale,
  useConsoleT,
  type ConsoleMessageKey,
  type ConsoleTranslate,
} from '@console/shared/i18n';
import { formatTon } from '@shared/lib/format';
import { Badge } from '@shared/ui/badge';
import { Button } from '@shared/ui/button';
import { Page } from '@shared/ui/page';
import { CardGrid, Fact, Facts, RecordCard } from '@console/shared/ui/record-card';
import { pageOpened, resolveAction, transactions } from '../model/treasury';

const OUTCOMES = {
  credited: 'treasury.outcome.credited',
  overpaid: 'treasury.outcome.overpaid',
  underpaid: 'treasury.outcome.underpaid',
  unknown_comment: 'treasury.outcome.unknown_comment',
  already_paid: 'treasury.outcome.already_paid',
  mint_canceled: 'treasury.outcome.mint_canceled',
  not_payment: 'treasury.outcome.not_payment',
} as const satisfies Record<string, ConsoleMessageKey>;

/** What the watcher made of the transaction, in words (an outcome this console does not know: as sent). */
const treasuryOutcome = (outcome: string, t: ConsoleTranslate) =>
  outcome in OUTCOMES ? t(OUTCOMES[outcome as keyof typeof OUTCOMES]) : outcome;

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
      badge={<Badge tone="warning">{treasuryOutcome(tx.outcome, t)}</Badge>}
      testId="treasury-row"
      actions={
        <Button variant="secondary" disabled={pending} onClick={() => ask(tx.hash)}>
          {t('treasury.resolve')}
        </Button>
      }
    >
      <Facts>
        <Fact label={t('treasury.amount')} value={formatTon(tx.amount_ton, t.locale)} strong />
        <Fact
          label={t('treasury.from')}
          value={tx.source ? <CopyValue value={tx.source} label={t('treasury.from')} /> : '—'}
          stacked={tx.source !== null}
        />
        <Fact label={t('treasury.comment')} value={tx.comment ?? '—'} stacked={tx.comment !== null} />
        <Fact label={t('treasury.when')} value={formatDateTime(tx.utime, locale)} />
        <Fact label={t('treasury.hash')} value={<CopyValue value={tx.hash} label={t('treasury.hash')} />} stacked />
        <Fact
          label={t('treasury.likelyMint')}
          value={
            mint ? `#${mint.code} · ${formatTon(mint.ton_amount, t.locale)} · ${mint.status}` : t('treasury.noMint')
          }
          hint={mint ? <UserLink id={mint.user.id} user={mint.user} /> : undefined}
        />
      </Facts>
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
