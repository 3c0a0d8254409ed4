import { RouterProvider } from 'atomic-router-react';
import { allSettled } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { consoleUserPage, consoleUsersModel } from '@console/pages/users';
import type { OperatorUserDetail } from '@console/shared/api';
import { consoleLanguageDetected } from '@console/shared/i18n';
import { consoleRouter } from '@console/shared/routing';
import { openConsole, signedInConsole } from '../model/console-scope';
import { mountedRoot } from './react-root';

/*
 * A user's page says what the user's history says, in the operator's language: operations by the app's
 * own words (not `referral_transfer · balance_token`), a farming link's mint as a gift, the referrer by
 * name, the wallet as the app shows it (user-friendly, non-bounceable) with its raw form at hand.
 */

const naming = { telegram_id: 5001, first_name: 'Bob', username: null, last_name: null, ref_code: 'BOBCODE1' };
const detail: OperatorUserDetail = {
  user: {
    id: 5,
    ...naming,
    created_at: 1_700_000_000,
    language_code: 'ru',
    community_participation: true,
    notifications_enabled: false,
    wallet: {
      address: '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
      friendly_address: '0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI',
      bound_at: 1_700_000_100,
    },
    referrer_id: 3,
    referrer: { id: 3, telegram_id: 5003, first_name: 'Alice', username: 'alice' },
  },
  balances: { balance_token: '10', task_balance: '0', referral_balance: '0' },
  mints: [
    {
      id: 9,
      mint_id: 'GIFT0001',
      status: 'active',
      source: 'farming',
      cancel_reason: null,
      created_at: 1_700_000_200,
      amount_ton: '0',
      amount_token: '150',
      expected_token: '160',
      days: 30,
      tariff_days: 30,
      activated_at: 1_700_000_200,
      matures_at: 1_702_592_200,
    },
  ],
  stakes: [],
  withdrawals: [],
  ledger: [
    {
      id: 21,
      type: 'referral_transfer',
      account: 'balance_token',
      direction: 'in',
      amount: '5',
      unit: 'TKN',
      balance_after: '10',
      created_at: 1_700_000_300,
      ref_type: null,
      ref_id: null,
      ref_code: null,
    },
    {
      id: 22,
      type: 'farming_mint',
      account: null,
      direction: 'in',
      amount: '150',
      unit: 'TKN',
      balance_after: null,
      created_at: 1_700_000_200,
      ref_type: 'mint',
      ref_id: '9',
      ref_code: 'GIFT0001',
    },
  ],
};

const UserPage = consoleUserPage.view;

describe('the console’s user page', () => {
  const mounted = mountedRoot();

  it.each([
    ['en', ['Moved from referral balance', 'Mint received via a farming link'], 'Gift', 'Mint #GIFT0001'],
    ['ru', ['Перевод с реферального баланса', 'Минт получен через фарминг'], 'Подарок', 'Минт #GIFT0001'],
  ] as const)(
    'says the user’s operations, gifts, referrer and wallet as the app does (%s)',
    async (language, operations, gift, mint) => {
      const scope = signedInConsole([[consoleUsersModel.userDetailFx, async () => detail]]);
      await allSettled(consoleLanguageDetected, { scope, params: language });
      await openConsole(scope, '/users/5');
      act(() =>
        mounted.root.render(
          <Provider value={scope}>
            <RouterProvider router={consoleRouter}>
              <UserPage />
            </RouterProvider>
          </Provider>,
        ),
      );
      const section = (id: string) => mounted.container.querySelector(`#${id}-title`)!.closest('section')!;
      const ledger = section('user-ledger').textContent ?? '';
      for (const words of operations) expect(ledger).toContain(words);
      expect(ledger).not.toContain('referral_transfer');
      // The mint an operation belongs to, by the public id the user's screen shows.
      expect(ledger).toContain('#GIFT0001');
      const mints = section('user-mints').textContent ?? '';
      expect(mints).toContain(mint);
      expect(mints).toContain(gift);
      expect(mounted.container.querySelector('[data-testid="user-referrer"]')?.textContent).toBe(
        'Alice (@alice) · 5003',
      );
      const wallet = mounted.container.querySelector('[data-testid="user-wallet"]')!;
      expect(wallet.textContent).toContain('0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI');
      // One form per card: the friendly one the app shows, not the raw one beside it.
      expect(wallet.getAttribute('title')).toBeNull();
      expect(mounted.container.textContent).not.toContain(detail.user.wallet!.address);
    },
  );
});
