/**
 * The client's TON network is the runtime config's, not the mode's: a production deployment on testnet
 * (staging) pays sales to the verified wallet's testnet form, asks wallets for testnet and links a
 * paid-out transaction to testnet's explorer.
 */
import './staging-config';
import { allSettled, fork, type StoreWritable } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userModel } from '@/entities/user';
import { WithdrawalRow } from '@/entities/withdrawal/index.ui';
import { sellModel } from '@/features/sell-tokens';
import type { UserMe } from '@/shared/api';
import { appConfig } from '@/shared/config';
import { toFriendlyAddress } from '@/shared/lib/ton-address';
import { openLinkFx } from '@/shared/telegram';
import { createAppConnector } from '@/shared/ton-connect/connector';
import { mountedRoot } from '../unit/react-root';
import { withdrawal } from './withdrawal-fixture';

const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const TESTNET = toFriendlyAddress(RAW, { testOnly: true });
const HASH = 'ab'.repeat(32);

it('the runtime config says production on testnet', () => {
  expect(appConfig).toMatchObject({ mode: 'production', tonNetwork: 'testnet' });
});

describe('the Sell modal on a staging deployment', () => {
  it('sends the TON to the verified wallet in the testnet form the server gave', async () => {
    const wallet = { address: RAW, friendly_address: TESTNET, bound_at: 1 };
    const me = { id: 1, balance_token: '100', task_balance: '0', referral_balance: '0', wallet } as UserMe;
    const scope = fork({ values: [[userModel.$user, me] as [StoreWritable<unknown>, unknown]] });
    await allSettled(sellModel.sellOpened, { scope, params: 'balance_token' });
    expect(scope.getState(sellModel.$address)).toBe(TESTNET);
    expect(TESTNET.startsWith('0Q')).toBe(true);
  });
});

describe('TON Connect on a staging deployment', () => {
  it('asks wallets for testnet (-3) and names it in every transaction', async () => {
    const networks: Array<string | undefined> = [];
    const sent: unknown[] = [];
    class TonConnect {
      setConnectionNetwork(network?: string) {
        networks.push(network);
      }
      async sendTransaction(request: unknown) {
        sent.push(request);
      }
      connect() {}
      onStatusChange() {}
    }
    const lib = { TonConnect } as unknown as typeof import('@tonconnect/ui');
    const storage = { getItem: async () => null, setItem: async () => undefined, removeItem: async () => undefined };
    const { connector } = createAppConnector(lib, { manifestUrl: 'https://app.example/m.json', storage }, []);
    expect(networks).toEqual(['-3']);
    await connector.sendTransaction({ validUntil: 1, messages: [] });
    expect(sent).toEqual([{ validUntil: 1, messages: [], network: '-3' }]);
  });
});

describe('a paid-out withdrawal on a staging deployment', () => {
  const mounted = mountedRoot();
  const paid = withdrawal(3, { address: TESTNET, status: 'completed', tx_hash: HASH });

  it('links its transaction to testnet’s Tonviewer, opened with Telegram’s openLink', async () => {
    const openLink = vi.fn();
    const scope = fork({ handlers: [[openLinkFx, openLink]] });
    act(() =>
      mounted.root.render(
        <Provider value={scope}>
          <WithdrawalRow withdrawal={paid} />
        </Provider>,
      ),
    );
    const link = mounted.container.querySelector<HTMLAnchorElement>('[data-testid="withdrawal-tx-link"]');
    expect(link?.href).toBe(`https://testnet.tonviewer.com/transaction/${HASH}`);
    act(() => link!.click());
    await allSettled(scope);
    expect(openLink).toHaveBeenCalledWith(`https://testnet.tonviewer.com/transaction/${HASH}`);
  });
});
