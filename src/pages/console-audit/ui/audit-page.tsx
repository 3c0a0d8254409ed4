import { useUnit } from 'effector-react';
import type { AuditEntry } from '@/shared/console-api';
import { ConsoleQueryState } from '@/shared/console-ui';
import { formatDateTime, useConsoleLocale, useConsoleT } from '@/shared/console-i18n';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { TextField } from '@/shared/ui/text-field';
import { type AuditOutcome, auditOutcome } from '../lib/outcome';
import { $filterInvalid, $filters, entries, filterChanged, filterSubmitted } from '../model/audit';
import styles from './audit-page.module.css';

const OUTCOME_TONES: Record<AuditOutcome, BadgeTone> = { ok: 'success', refused: 'danger', unknown: 'warning' };

function Entry({ entry }: { entry: AuditEntry }) {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const outcome = auditOutcome(entry.status);
  return (
    <tr data-testid="audit-row">
      <td>
        {entry.actor.kind === 'operator' ? (
          <>
            {entry.actor.name} <span className={styles.hint}>{entry.actor.telegram_id}</span>
          </>
        ) : (
          t('audit.token')
        )}
      </td>
      <td>
        <span className={styles.action}>{entry.action ?? `${entry.method} ${entry.path}`}</span>
        {entry.action ? <span className={styles.hint}>{`${entry.method} ${entry.path}`}</span> : null}
      </td>
      <td>{formatDateTime(entry.created_at, locale)}</td>
      <td>
        <Badge tone={OUTCOME_TONES[outcome]}>
          {entry.status === null
            ? t('audit.unknown')
            : t(outcome === 'ok' ? 'audit.ok' : 'audit.refused', { status: entry.status })}
        </Badge>
      </td>
    </tr>
  );
}

export function AuditPage() {
  const t = useConsoleT();
  const [list, status, loaded, pending, filters, invalid, change, submit] = useUnit([
    entries.$data,
    entries.$status,
    entries.$loaded,
    entries.$pending,
    $filters,
    $filterInvalid,
    filterChanged,
    filterSubmitted,
  ]);
  return (
    <Page title={t('audit.title')}>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          id="audit-actor"
          label={t('audit.actor')}
          value={filters.actor}
          onChange={(actor) => change({ actor })}
          problem={invalid ? t('audit.filterInvalid') : null}
        />
        <TextField
          id="audit-action"
          label={t('audit.action')}
          value={filters.action}
          onChange={(action) => change({ action })}
        />
        <Button type="submit" stretched={false} loading={pending}>
          {t('audit.filter')}
        </Button>
      </form>
      <ConsoleQueryState
        status={status}
        hasData={loaded}
        isEmpty={list.length === 0}
        empty={t('audit.empty')}
        onRetry={() => submit()}
        testId="audit"
      >
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.what')}</th>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((entry) => (
                <Entry key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      </ConsoleQueryState>
    </Page>
  );
}
