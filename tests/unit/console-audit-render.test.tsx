import { allSettled } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { consoleAuditModel, consoleAuditPage } from '@console/pages/audit';
import type { AuditEntry } from '@console/shared/api';
import { loadConsoleCatalogueFx } from '@console/shared/i18n';
import type { Locale } from '@/shared/i18n/translate';
import { openConsole, signedInConsole } from '../model/console-scope';
import { mountedRoot } from './react-root';

/*
 * The audit page shows each action in words and its outcome: done, refused (with the status), or unknown —
 * an action whose row was written before it ran and whose outcome never was (docs/security.md "Operator
 * actions are final and audited") — in both of the console's languages; each opens to the call as made.
 */

const entry = (id: number, status: number | null): AuditEntry => ({
  id,
  actor: { kind: 'token' },
  action: 'payoutsSet',
  summary: { kind: 'payoutsSet', paused: true },
  method: 'POST',
  path: '/api/admin/payouts',
  params: null,
  query: null,
  body: { paused: true },
  status,
  ip: '127.0.0.1',
  created_at: 1_700_000_000,
});

const AuditPage = consoleAuditPage.view;

describe('the console’s audit page', () => {
  const mounted = mountedRoot();

  it.each<[Locale, string[], string[]]>([
    ['en', ['Outcome unknown', 'Refused (409)', 'Done (200)'], ['Pause payouts', 'Pause payouts', 'Paused payouts']],
    [
      'ru',
      ['Итог неизвестен', 'Отказ (409)', 'Выполнено (200)'],
      ['Приостановить выплаты', 'Приостановить выплаты', 'Выплаты приостановлены'],
    ],
  ])('shows an action of unknown outcome as such, and each in words (%s)', async (locale, outcomes, words) => {
    const read = async () => [entry(3, null), entry(2, 409), entry(1, 200)];
    const scope = signedInConsole([[consoleAuditModel.auditFx, read]]);
    await allSettled(loadConsoleCatalogueFx, { scope, params: locale });
    await openConsole(scope, '/audit');
    act(() =>
      mounted.root.render(
        <Provider value={scope}>
          <AuditPage />
        </Provider>,
      ),
    );
    const rows = [...mounted.container.querySelectorAll('[data-testid="audit-row"]')];
    const text = (testId: string) => rows.map((row) => row.querySelector(`[data-testid="${testId}"]`)?.textContent);
    expect(text('audit-outcome')).toEqual(outcomes);
    expect(text('audit-words')).toEqual(words);
    // Each row opens to the call as made: its name and route stay readable.
    expect(rows[0]!.querySelector('details')?.textContent).toContain('payoutsSet');
    expect(rows[0]!.querySelector('details')?.textContent).toContain('POST /api/admin/payouts');
  });
});
