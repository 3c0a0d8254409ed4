import { useUnit } from 'effector-react';
import { UserLink } from '@console/entities/user';
import { OPERATOR_ACTION_CALLS, type AuditEntry } from '@console/shared/api';
import { ConsoleQueryState, SelectField } from '@console/shared/ui';
import { formatDateTime, useConsoleLocale, useConsoleT } from '@console/shared/i18n';
import { Badge, type BadgeTone } from '@shared/ui/badge';
import { Button } from '@shared/ui/button';
import { Icon } from '@shared/ui/icon';
import { Page } from '@shared/ui/page';
import { Fact, Facts } from '@console/shared/ui/record-card';
import { TextField } from '@shared/ui/text-field';
import { type AuditOutcome, auditOutcome } from '../lib/outcome';
import { auditSubjectUser } from '../lib/subject';
import { ACTION_NAMES } from '../lib/words';
import { $filterInvalid, $filters, $rows, entries, filterChanged, filterSubmitted } from '../model/audit';
import styles from './audit-page.module.css';

const OUTCOME_TONES: Record<AuditOutcome, BadgeTone> = { ok: 'success', refused: 'danger', unknown: 'warning' };

/** A part of the call as made (parameters, query, body), as JSON to read. */
const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/**
 * One action: what was done to what, in words, who did it, when and how it ended; opened, its details —
 * whom it was about, the call as made (its name, route, parameters, query and body), the address.
 */
function Entry({ entry, words }: { entry: AuditEntry; words: string }) {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const outcome = auditOutcome(entry.status);
  const outcomeText =
    entry.status === null
      ? t('audit.unknown')
      : t(outcome === 'ok' ? 'audit.ok' : 'audit.refused', { status: entry.status });
  const who = entry.actor.kind === 'operator' ? entry.actor.name : t('audit.token');
  const when = formatDateTime(entry.created_at, locale);
  const subject = auditSubjectUser(entry.summary);
  const parts = [
    ['audit.params', entry.params],
    ['audit.query', entry.query],
    ['audit.body', entry.body],
  ] as const;
  return (
    <li className={styles.row} data-testid="audit-row">
      <details className={styles.details}>
        <summary className={styles.summary}>
          <span className={styles.words} data-testid="audit-words">
            {words}
          </span>
          <span className={styles.meta}>
            <span className={styles.who}>{who}</span>
            <span aria-hidden>·</span>
            <span>{when}</span>
            <Badge tone={OUTCOME_TONES[outcome]} testId="audit-outcome">
              {outcomeText}
            </Badge>
          </span>
          <span className={styles.chevron} aria-hidden>
            <Icon name="chevronRight" size={18} />
          </span>
        </summary>
        <Facts label={t('audit.details')}>
          <Fact
            label={t('audit.operator')}
            value={entry.actor.kind === 'operator' ? `${entry.actor.name} · ${entry.actor.telegram_id}` : who}
          />
          <Fact label={t('audit.when')} value={when} />
          <Fact label={t('audit.outcome')} value={outcomeText} />
          {subject ? <Fact label={t('audit.about')} value={<UserLink id={subject.id} user={subject} />} /> : null}
          <Fact label={t('audit.call')} value={<code className={styles.code}>{entry.action ?? '—'}</code>} />
          <Fact
            label={t('audit.route')}
            value={<code className={styles.code}>{`${entry.method} ${entry.path}`}</code>}
            stacked
          />
          {parts.map(([label, value]) =>
            value === null || value === undefined ? null : (
              <Fact key={label} label={t(label)} value={<pre className={styles.json}>{json(value)}</pre>} stacked />
            ),
          )}
          <Fact label={t('audit.address')} value={entry.ip} />
        </Facts>
      </details>
    </li>
  );
}

export function AuditPage() {
  const t = useConsoleT();
  const [rows, status, loaded, pending, filters, invalid, change, submit] = useUnit([
    $rows,
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
        <SelectField label={t('audit.action')} value={filters.action} onChange={(action) => change({ action })}>
          <option value="">{t('audit.allActions')}</option>
          {OPERATOR_ACTION_CALLS.map((call) => (
            <option key={call} value={call}>
              {t(ACTION_NAMES[call])}
            </option>
          ))}
        </SelectField>
        <Button type="submit" stretched={false} loading={pending}>
          {t('audit.filter')}
        </Button>
      </form>
      <ConsoleQueryState
        status={status}
        hasData={loaded}
        isEmpty={rows.length === 0}
        empty={t('audit.empty')}
        onRetry={() => submit()}
        testId="audit"
      >
        <ol className={styles.list} aria-label={t('audit.list')}>
          {rows.map(({ entry, words }) => (
            <Entry key={entry.id} entry={entry} words={words} />
          ))}
        </ol>
      </ConsoleQueryState>
    </Page>
  );
}
