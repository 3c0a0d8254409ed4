import { fork, type StoreWritable } from 'effector';
import { Provider } from 'effector-react';
import { act, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { operationRef } from '@/shared/lib/operation';
import { FarmingLinkCard } from '@/entities/farming-link/index.ui';
import { $stakes, StakeCard } from '@/entities/stake';
import { saleRowWords } from '@/entities/withdrawal';
import { WithdrawalRow } from '@/entities/withdrawal/index.ui';
import type { FarmingLink, Operation, WithdrawalStatus } from '@/shared/api';
import { $catalogues, $locale, en, type Locale } from '@/shared/i18n';
import { ru } from '@/shared/i18n/ru';
import { stake } from '../model/stake-fixture';
import { withdrawal } from '../model/withdrawal-fixture';
import { mountedRoot } from './react-root';

/*
 * Names and ids (docs/decisions.md "Names and ids"): a mint and a stake are named by their public id with
 * its "#" wherever the app shows them (cards, history rows); a returned sale reads as returned — its
 * tokens back, its TON not received — never as "+X TON" received.
 */

const operation = (overrides: Partial<Operation>): Operation => ({
  id: 1,
  type: 'mint_paid',
  account: null,
  direction: 'out',
  amount: '1.5',
  unit: 'TON',
  balance_after: null,
  created_at: 1_790_000_000,
  ref_type: 'mint',
  ref_id: '7',
  ref_code: 'K7F3QX2M',
  ...overrides,
});

describe('a history row names what it belongs to', () => {
  it('by the mint’s or the stake’s public id with its "#", never the row id', () => {
    expect(operationRef(operation({}))).toBe('#K7F3QX2M');
    expect(
      operationRef(operation({ type: 'stake_started', ref_type: 'stake', ref_id: '3', ref_code: 'STK00003' })),
    ).toBe('#STK00003');
  });

  it('and by nothing when it has no public id (a grant, a farming link, a sale)', () => {
    expect(
      operationRef(operation({ type: 'sandbox_grant', ref_type: 'sandbox_user', ref_id: '1', ref_code: null })),
    ).toBe(null);
  });
});

describe('a sale’s row words', () => {
  it.each(['queued', 'sending', 'completed', 'failed'] as const satisfies WithdrawalStatus[])(
    '%s: the TON first, tokens sold, the fee',
    (status) => {
      const words = saleRowWords({ status });
      expect(words.title).toBe('history.withdrawal');
      expect(words.figures.map((figure) => [figure.part, figure.sign])).toEqual([
        ['ton', '+'],
        ['tokens', '\u2212'],
        ['fee', ''],
      ]);
    },
  );

  // Only a paid sale's TON is "received": one on its way is still to come, a failed one not received yet.
  it.each([
    ['queued', 'withdrawals.toReceive'],
    ['sending', 'withdrawals.toReceive'],
    ['completed', 'withdrawals.received'],
    ['failed', 'withdrawals.notReceivedYet'],
  ] as const)('%s: the TON figure is labelled %s', (status, label) => {
    expect(saleRowWords({ status }).figures[0]!.label).toBe(label);
  });

  it('refunded: the sale returned, the tokens back first, the TON not received, no fee', () => {
    const words = saleRowWords({ status: 'refunded' });
    expect(words.title).toBe('history.withdrawalRefund');
    expect(words.icon).toBe('undo');
    expect(words.figures.map((figure) => [figure.part, figure.sign])).toEqual([
      ['tokens', '+'],
      ['tonNotReceived', ''],
    ]);
  });
});

describe('rendered', () => {
  const mounted = mountedRoot();
  const render = (locale: Locale, node: ReactNode) => {
    const values = [
      [$locale, locale],
      [$catalogues, { en, ru }],
      [$stakes, [stake()]],
    ] as Array<[StoreWritable<unknown>, unknown]>;
    act(() => mounted.root.render(<Provider value={fork({ values })}>{node}</Provider>));
    return mounted.container;
  };
  const text = (root: HTMLElement, testId: string) =>
    root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

  it.each([
    ['en', 'Sale returned', /^\+50\.00\u00A0TKN$/, /^0\.4900\u00A0TON not received$/, 'Returned'],
    // The decimal mark is the formatter's (the locale's), not this test's.
    ['ru', 'Продажа возвращена', /^\+50[.,]00\u00A0TKN$/, /^0[.,]4900\u00A0TON не получены$/, 'Возвращён'],
  ] as const)('a returned sale reads as returned, not as TON received (%s)', (locale, title, tokens, ton, badge) => {
    const root = render(locale, <WithdrawalRow withdrawal={withdrawal(4, { status: 'refunded' })} />);
    expect(root.textContent).toContain(title);
    expect(text(root, 'withdrawal-tokens')).toMatch(tokens);
    expect(text(root, 'withdrawal-ton')).toMatch(ton);
    expect(text(root, 'withdrawal-status')).toBe(badge);
    expect(root.textContent).not.toMatch(/\+0[.,]4900/);
  });

  it('a paid sale still reads as TON received for tokens sold', () => {
    const root = render('en', <WithdrawalRow withdrawal={withdrawal(4, { status: 'completed' })} />);
    expect(root.textContent).toContain('Sold for TON');
    expect(text(root, 'withdrawal-ton')).toBe('+0.4900\u00A0TON');
    expect(text(root, 'withdrawal-tokens')).toBe('\u221250.00\u00A0TKN');
  });

  it.each([
    ['en', /^Farming link: 200[.,]00\u00A0TKN · 30 days$/],
    ['ru', /^Фарминг-ссылка: 200[.,]00\u00A0TKN · 30 дней$/],
  ] as const)('a farming link is named by what it gives, never by its row id (%s)', (locale, label) => {
    const link: FarmingLink = {
      id: 4711,
      status: 'active',
      amount: '2',
      amount_token: '200',
      expected_token: '210',
      price: '0.01',
      days: 30,
      tariff_days: 30,
      count_activations: 10,
      activations_used: 3,
      activations_left: 7,
      from_ref_balance: true,
      from_task_balance: false,
      is_multilink: true,
      is_for_me: false,
      cost_token: '2000',
      refunded_token: '0',
      created_at: 1_790_000_000,
      activation_code: 'ABCDEF12',
      codes: [{ activation_code: 'ABCDEF12', used: false }],
    };
    const root = render(locale, <FarmingLinkCard link={link} />);
    const card = root.querySelector('[data-testid="farming-link"]');
    expect(card?.getAttribute('aria-label')).toMatch(label);
    expect(root.textContent).not.toContain('4711');
  });

  it.each([
    ['en', 'Stake #STK00001'],
    ['ru', 'Стейк #STK00001'],
  ] as const)('a stake card shows its public id with "#", as the mint card does (%s)', (locale, label) => {
    const root = render(locale, <StakeCard id={1} />);
    const card = root.querySelector('[data-testid="stake-card"]');
    expect(card?.getAttribute('aria-label')).toBe(label);
    expect(card?.querySelector('header')?.textContent).toContain('#STK00001');
  });
});
