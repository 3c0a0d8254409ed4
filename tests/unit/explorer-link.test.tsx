import { fork } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { WithdrawalRow } from '@/entities/withdrawal/index.ui';
import { explorerTransactionUrl } from '@/shared/lib/explorer';
import { withdrawal } from '../model/withdrawal-fixture';
import { mountedRoot } from './react-root';

/*
 * A paid-out withdrawal's transaction links to Tonviewer on the server's network; in the sandbox (no
 * runtime config here: the client's sandbox defaults) it does not, its dev chain being local.
 */

const HASH = 'cd'.repeat(32);

describe('explorer links', () => {
  const mounted = mountedRoot();

  it('point at Tonviewer on the network the transaction was made on', () => {
    expect(explorerTransactionUrl('mainnet', HASH)).toBe(`https://tonviewer.com/transaction/${HASH}`);
    expect(explorerTransactionUrl('testnet', HASH)).toBe(`https://testnet.tonviewer.com/transaction/${HASH}`);
  });

  it('are not offered in the sandbox: the hash is shown as text', () => {
    const paid = withdrawal(1, { address: `0:${'ab'.repeat(32)}`, status: 'completed', tx_hash: HASH });
    act(() =>
      mounted.root.render(
        <Provider value={fork()}>
          <WithdrawalRow withdrawal={paid} />
        </Provider>,
      ),
    );
    const tx = mounted.container.querySelector('[data-testid="withdrawal-tx"]');
    expect(tx?.textContent).toBe('Tx cdc…cdcd');
    expect(tx?.querySelector('a')).toBeNull();
  });
});
