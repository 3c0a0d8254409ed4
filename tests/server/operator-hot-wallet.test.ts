/**
 * `npm run operator -- hot-wallet new|address` (docs/deploy.md "The hot wallet"): 24 new words and the
 * address the payout worker pays from with them, on the network and version asked, in the non-bounceable
 * form a first transfer must use; `address` reads HOT_WALLET_MNEMONIC as the server does. No server call.
 */
import { Address } from '@ton/core';
import { mnemonicValidate } from '@ton/crypto';
import { describe, expect, it } from 'vitest';
import { runOperator } from '../../server/operator';
import { createHotWallet, hotWalletFromMnemonic } from '../../server/withdraw/worker';

async function operator(args: string[], settings: Record<string, string> = {}): Promise<string[]> {
  const lines: string[] = [];
  await runOperator(args, {
    apiUrl: 'http://127.0.0.1:1',
    adminToken: 'unused',
    fetch: () => Promise.reject(new Error('the hot-wallet commands make no server call')),
    print: (line) => lines.push(line),
    settings,
  });
  return lines;
}

const addressLine = (lines: string[]) => {
  const match = /^Address \((v4r2|v5r1), (mainnet|testnet)\): (\S+)$/.exec(lines.at(-1) ?? '');
  if (!match) throw new Error(`no address line in:\n${lines.join('\n')}`);
  return { version: match[1], network: match[2], address: match[3]! };
};

describe('operator hot-wallet', () => {
  it('new: 24 valid words and the address the payout worker derives from them (v5r1, mainnet by default)', async () => {
    const lines = await operator(['hot-wallet', 'new']);
    const words = lines.find((line) => line.split(' ').length === 24)!.split(' ');
    expect(await mnemonicValidate(words)).toBe(true);
    const printed = addressLine(lines);
    expect(printed).toMatchObject({ version: 'v5r1', network: 'mainnet' });
    const wallet = createHotWallet(await hotWalletFromMnemonic(words, 'v5r1'), 'mainnet');
    const parsed = Address.parseFriendly(printed.address);
    expect(parsed.address.equals(wallet.address)).toBe(true);
    // Funds for a wallet not yet deployed must not bounce back.
    expect(parsed.isBounceable).toBe(false);
    expect(parsed.isTestOnly).toBe(false);
    // Made by a shell without TON_NETWORK: mainnet, and said so, with the way to a testnet wallet.
    expect(lines.at(-2)).toBe(
      "Network: mainnet (TON_NETWORK is unset: the server's default; --network testnet for a staging wallet)",
    );
  });

  it('names where the network came from: --network, else TON_NETWORK', async () => {
    expect((await operator(['hot-wallet', 'new', '--network', 'testnet'])).at(-2)).toBe('Network: testnet (--network)');
    expect((await operator(['hot-wallet', 'new'], { TON_NETWORK: 'testnet' })).at(-2)).toBe(
      'Network: testnet (TON_NETWORK)',
    );
  });

  it('address: reads HOT_WALLET_MNEMONIC, HOT_WALLET_VERSION and TON_NETWORK; a v5r1 wallet differs by network', async () => {
    const created = await operator(['hot-wallet', 'new', '--version', 'v5r1', '--network', 'testnet']);
    const words = created.find((line) => line.split(' ').length === 24)!;
    const onTestnet = addressLine(
      await operator(['hot-wallet', 'address'], {
        HOT_WALLET_MNEMONIC: words,
        HOT_WALLET_VERSION: 'v5r1',
        TON_NETWORK: 'testnet',
      }),
    );
    expect(onTestnet.address).toBe(addressLine(created).address);
    expect(Address.parseFriendly(onTestnet.address).isTestOnly).toBe(true);
    const onMainnet = addressLine(
      await operator(['hot-wallet', 'address'], { HOT_WALLET_MNEMONIC: words, HOT_WALLET_VERSION: 'v5r1' }),
    );
    expect(Address.parse(onMainnet.address).equals(Address.parse(onTestnet.address))).toBe(false);
  });

  it('refuses a missing or invalid mnemonic, an unknown version or network', async () => {
    await expect(operator(['hot-wallet', 'address'])).rejects.toThrow(/HOT_WALLET_MNEMONIC/);
    await expect(
      operator(['hot-wallet', 'address'], { HOT_WALLET_MNEMONIC: Array(24).fill('abandon').join(' ') }),
    ).rejects.toThrow(/not a valid 24-word TON mnemonic/);
    await expect(operator(['hot-wallet', 'new', '--version', 'v3'])).rejects.toThrow(/v4r2 or v5r1/);
    await expect(operator(['hot-wallet', 'new'], { TON_NETWORK: 'devnet' })).rejects.toThrow(/mainnet or testnet/);
  });
});
