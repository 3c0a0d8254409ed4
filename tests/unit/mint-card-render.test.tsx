import { fork, type StoreWritable } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { MintCard, mintCost } from '@/entities/mint';
import type { Mint } from '@/shared/api';
import { $catalogues, $locale, en, type Locale } from '@/shared/i18n';
import { ru } from '@/shared/i18n/ru';
import { mountedRoot } from './react-root';

/*
 * A mint the user did not pay (a farming link's gift) shows 'Gift' where a paid one shows its cost: the
 * receiver never paid the TON the link priced it at.
 */

const mint = (overrides: Partial<Mint> = {}): Mint => ({
  id: 7,
  mint_id: 'K7F3QX2M',
  source: 'payment',
  status: 'active',
  cancel_reason: null,
  created_at: 1_790_000_000,
  amount_ton: '1.23456',
  amount_token: '1234.5678',
  expected_token: '1296.29619',
  days: 30,
  tariff_days: 30,
  activated_at: 1_790_000_000,
  matures_at: 1_792_592_000,
  ...overrides,
});

describe('the mint card', () => {
  const mounted = mountedRoot();

  /** The card's Cost row, as a reader sees it: its label and its value. */
  function costRow(shown: Mint, locale: Locale): string[] {
    const values = [
      [$locale, locale],
      [$catalogues, { en, ru }],
    ] as Array<[StoreWritable<unknown>, unknown]>;
    const scope = fork({ values });
    act(() =>
      mounted.root.render(
        <Provider value={scope}>
          <MintCard mint={shown} />
        </Provider>,
      ),
    );
    const label = locale === 'ru' ? 'Стоимость' : 'Cost';
    const row = [...mounted.container.querySelectorAll('dt')].find((dt) => dt.textContent === label)?.parentElement;
    return [row?.querySelector('dt')?.textContent ?? '', row?.querySelector('dd')?.textContent ?? ''];
  }

  it('shows a paid mint its TON, 4 decimals truncated (docs/product.md §5)', () => {
    expect(costRow(mint(), 'en')).toEqual(['Cost', '1.2345\u00A0TON']);
    expect(mintCost(mint())).toEqual({ paid: true, ton: '1.23456' });
  });

  it("shows a farming link's mint as a gift, in both languages, never a cost in TON", () => {
    const gift = mint({ source: 'farming', amount_ton: '1' });
    expect(costRow(gift, 'en')).toEqual(['Cost', 'Gift']);
    expect(mounted.container.textContent).not.toContain('TON');
    expect(costRow(gift, 'ru')).toEqual(['Стоимость', 'Подарок']);
    expect(mounted.container.textContent).not.toContain('TON');
    expect(mintCost(gift)).toEqual({ paid: false });
  });
});
