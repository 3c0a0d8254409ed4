import { allSettled } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { consoleAuditModel, consoleAuditPage } from '@/pages/console-audit';
import type { AuditEntry } from '@/shared/console-api';
import { loadConsoleCatalogueFx } from '@/shared/console-i18n';
import type { Locale } from '@/shared/i18n/translate';
import { openConsole, signedInConsole } from '../model/console-scope';
import { mountedRoot } from './react-root';

/*
 * The audit page shows each action's outcome: done, refused (with the status), or unknown — an action
 * whose row was written before it ran and whose outcome never was (docs/security.md "Operator actions are
 * final and audited") — in both of the console's languages.
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

  it.each<[Locale, string[]]>([
    ['en', ['Outcome unknown', 'Refused (409)', 'Done (200)']],
    ['ru', ['Итог неизвестен', 'Отказ (409)', 'Выполнено (200)']],
  ])('shows an action of unknown outcome as such (%s)', async (locale, outcomes) => {
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
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual(outcomes);
  });
});
