import { allSettled, type Scope } from 'effector';
import { describe, expect, it } from 'vitest';
import { consoleAuditModel } from '@console/pages/audit';
import type { AuditEntry, AuditSummary } from '@console/shared/api';
import { loadConsoleCatalogueFx } from '@console/shared/i18n';
import type { Locale } from '@/shared/i18n/translate';
import { openConsole, signedInConsole } from './console-scope';

/*
 * The audit says what was done to what, in words (docs/decisions.md "The audit's words"): from each
 * entry's summary, the past tense once done, what was asked while refused or of unknown outcome, the
 * call's name when the request was not one the call takes — in both of the console's languages.
 */

const { auditFx, $rows } = consoleAuditModel;

const alice = { id: 7, telegram_id: 5007, first_name: 'Alice', username: null };
const bob = { id: 8, telegram_id: 5008, first_name: 'Bob', username: 'bob' };
const proof = {
  proof: 'photo' as const,
  task: { id: 3, title: { en: 'Show the photo', ru: 'Покажите фото' }, reward: '20' },
  user: bob,
};

let nextId = 1;
const entry = (summary: AuditSummary | null, status: number | null, action: string = summary?.kind ?? 'priceSet') =>
  ({
    id: nextId++,
    actor: { kind: 'operator', telegram_id: 42, name: 'Olga' },
    action,
    summary,
    method: 'POST',
    path: '/api/admin/x',
    params: null,
    query: null,
    body: null,
    status,
    ip: '127.0.0.1',
    created_at: 1_700_000_000,
  }) satisfies AuditEntry;

/** The words with a plain space before each unit (the app's formatter puts a no-break space there). */
async function wordsOf(entries: AuditEntry[], locale: Locale = 'en'): Promise<string[]> {
  const scope: Scope = signedInConsole([[auditFx, async () => entries]]);
  await allSettled(loadConsoleCatalogueFx, { scope, params: locale });
  await openConsole(scope, '/audit');
  return scope.getState($rows).map((row) => row.words.replaceAll('\u00A0', ' '));
}

const refund = { kind: 'withdrawalRefund', withdrawal_id: 4 } as const;
const refunded = {
  ...refund,
  withdrawal: { ton_amount: '1.806', token_amount: '60', user: alice },
} as const;

describe('console: the audit in words', () => {
  it('says what was done once it was, what was asked otherwise, and the call when the request was not valid', async () => {
    expect(
      await wordsOf([
        entry(refunded, 200),
        entry(refund, 409),
        entry(refund, null),
        entry(null, 422, 'withdrawalRefund'),
        entry(null, 400, 'somethingNew'),
      ]),
    ).toEqual([
      'Refunded withdrawal #4 (1.8060 TON) of Alice',
      'Refund withdrawal #4',
      'Refund withdrawal #4',
      'Refund a withdrawal',
      'POST /api/admin/x',
    ]);
  });

  it('names every kind of action with what it was about', async () => {
    const summaries: Array<[AuditSummary, number]> = [
      [{ kind: 'priceSet', price: '0.0125' }, 200],
      [{ kind: 'reviewReject', review_id: 12, reason: 'Blurred', proof }, 200],
      [{ kind: 'reviewApprove', review_id: 13, proof }, 200],
      [{ kind: 'reviewReject', review_id: 14, reason: 'Late' }, 409],
      [{ kind: 'withdrawalRetry', withdrawal_id: 5, withdrawal: refunded.withdrawal }, 200],
      [{ kind: 'settingsSet', changes: { withdraw_fee_percent: 3, withdraw_min_receive: '1' } }, 200],
      [{ kind: 'maintenanceSet', enabled: true }, 200],
      [{ kind: 'payoutsSet', paused: false }, 200],
      [{ kind: 'payoutResign', batch_id: 9, withdrawals: [4, 5] }, 200],
      [{ kind: 'treasuryResolve', hash: 'AbCdEfGh1234567890XyZ=', resolution: 'Refunded by hand' }, 200],
      [
        { kind: 'taskCreate', task_kind: 'visit', title: { en: 'Visit', ru: 'Зайти' }, reward: '12.5', task_id: 7 },
        201,
      ],
      [
        {
          kind: 'taskChange',
          task_id: 7,
          changed: ['is_active'],
          is_active: false,
          title: { en: 'Visit', ru: 'Зайти' },
        },
        200,
      ],
      [
        { kind: 'taskChange', task_id: 7, changed: ['sort_order'], sort_order: 3, title: { en: 'Visit', ru: 'Зайти' } },
        200,
      ],
      [{ kind: 'taskChange', task_id: 7, changed: ['title', 'reward'], reward: '30' }, 409],
      [{ kind: 'botSetup', calls: 8, failed: 0 }, 200],
      [{ kind: 'sessionOpen' }, 200],
      [{ kind: 'sessionClose' }, 200],
    ];
    expect(await wordsOf(summaries.map(([summary, status]) => entry(summary, status)))).toEqual([
      'Set the price to 0.012500 TON',
      'Rejected Bob’s photo proof for “Show the photo”: Blurred',
      'Approved Bob’s photo proof for “Show the photo” (reward 20.00 TKN)',
      'Reject proof #14: Late',
      'Sent withdrawal #5 (1.8060 TON) of Alice again',
      'Changed the sale settings: fee 3%, minimum to receive 1 TON',
      'Turned maintenance on',
      'Resumed payouts',
      'Asked to sign held batch #9 again (withdrawals #4, #5)',
      'Resolved treasury transaction AbCdEfGh…90XyZ=: Refunded by hand',
      'Added task #7 “Visit” (Visit a link, reward 12.50 TKN)',
      'Turned task #7 “Visit” off',
      'Moved task #7 “Visit” (order 3)',
      'Change task #7: title, reward 30.00 TKN',
      'Set the bot up: 8 Bot API calls, all succeeded',
      'Signed in to the console',
      'Signed out of the console',
    ]);
  });

  it('says it in Russian for a Russian operator', async () => {
    expect(
      await wordsOf(
        [
          entry(refunded, 200),
          entry(refund, 409),
          entry({ kind: 'reviewReject', review_id: 12, reason: 'Размыто', proof }, 200),
          entry({ kind: 'priceSet', price: '0.0125' }, 200),
          entry({ kind: 'botSetup', calls: 8, failed: 0 }, 200),
          entry(null, 422, 'taskChange'),
        ],
        'ru',
      ),
    ).toEqual([
      'Возвращён вывод #4 (1,8060 TON) пользователя Alice',
      'Вернуть вывод #4',
      'Отклонено фото-доказательство пользователя Bob по заданию «Покажите фото»: Размыто',
      'Установлена цена 0,012500 TON',
      'Бот настроен: 8 вызовов Bot API, все успешны',
      'Изменение задания',
    ]);
  });
});
