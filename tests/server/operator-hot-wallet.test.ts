/**
 * `npm run operator -- hot-wallet new|address` (docs/deploy.md "The hot wallet"): 24 new words and the
 * address the payout worker pays from with them, on the network and version asked, in the non-bounceable
 * form a first transfer must use; `address` reads HOT_WALLET_MNEMONIC as the server does. No server call.
 */
import { Address } from '@ton/core';
import { mnemonicValidate } from '@ton/crypto';
import { describe, expect, it } from 'vitest';
import { HOT_WALLET_KIND_LINES, runOperator } from '../../server/operator';
import { createHotWallet, hotWalletFromMnemonic } from '../../server/withdraw/worker';

async function operator(args: string[], settings: Record<string, string> = {}, answers?: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runOperator(args, {
    apiUrl: 'http://127.0.0.1:1',
    adminToken: 'unused',
    fetch: () => Promise.reject(new Error('the hot-wallet commands make no server call')),
    print: (line) => lines.push(line),
    settings,
    // A person at a terminal typing `answers` one by one.
    ...(answers
      ? {
          ask: async (question: string) => {
            lines.push(question);
            const answer = answers.shift();
            if (answer === undefined) throw new Error(`asked once too often: ${question}`);
            return answer;
          },
        }
      : {}),
  });
  return lines;
}

const addressLine = (lines: string[]) => {
  const match = /^Address \((v4r2|v5r1|highload-v3), (mainnet|testnet)\): (\S+)$/.exec(lines.at(-1) ?? '');
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
    await expect(operator(['hot-wallet', 'new', '--version', 'v3'])).rejects.toThrow(/v5r1, highload-v3, v4r2/);
    await expect(operator(['hot-wallet', 'new'], { HOT_WALLET_VERSION: 'v3' })).rejects.toThrow(/HOT_WALLET_VERSION/);
    await expect(operator(['hot-wallet', 'new'], { TON_NETWORK: 'devnet' })).rejects.toThrow(/mainnet or testnet/);
  });

  it('new asks the kind at a terminal, each with its line, Enter taking v5r1; a wrong answer is asked again', async () => {
    const lines = await operator(['hot-wallet', 'new'], {}, ['']);
    expect(lines.slice(0, 5)).toEqual([
      'Which kind of hot wallet?',
      `  1) v5r1 (default): ${HOT_WALLET_KIND_LINES.v5r1}`,
      `  2) highload-v3: ${HOT_WALLET_KIND_LINES['highload-v3']}`,
      `  3) v4r2: ${HOT_WALLET_KIND_LINES.v4r2}`,
      'Kind [1]: ',
    ]);
    expect(addressLine(lines).version).toBe('v5r1');

    const highload = await operator(['hot-wallet', 'new'], {}, ['7', 'v9', '2']);
    expect(highload.filter((line) => line.startsWith('Kind ['))).toHaveLength(3);
    expect(highload).toContain('"7" is none of them: type 1 to 3, a kind\'s name, or Enter for v5r1');
    expect(highload).toContain(
      'Set HOT_WALLET_VERSION=highload-v3. These 24 words are HOT_WALLET_MNEMONIC: keep them in your',
    );
    const printed = addressLine(highload);
    expect(printed.version).toBe('highload-v3');
    const words = highload.find((line) => line.split(' ').length === 24)!.split(' ');
    const wallet = createHotWallet(await hotWalletFromMnemonic(words, 'highload-v3'), 'mainnet');
    expect(Address.parse(printed.address).equals(wallet.address)).toBe(true);
    expect(addressLine(await operator(['hot-wallet', 'new'], {}, ['v4r2'])).version).toBe('v4r2');
    await expect(operator(['hot-wallet', 'new'], {}, ['x', 'y', 'z'])).rejects.toThrow(
      /No kind chosen: give --version/,
    );
  });

  it('new with --version asks nothing; without a terminal it takes HOT_WALLET_VERSION, else v5r1', async () => {
    const flagged = await operator(['hot-wallet', 'new', '--version', 'highload-v3'], {}, []);
    expect(flagged).not.toContain('Which kind of hot wallet?');
    expect(addressLine(flagged).version).toBe('highload-v3');
    expect(addressLine(await operator(['hot-wallet', 'new'], { HOT_WALLET_VERSION: 'v4r2' })).version).toBe('v4r2');
    expect(addressLine(await operator(['hot-wallet', 'new'])).version).toBe('v5r1');
    // At a terminal the setting is the default offered.
    const offered = await operator(['hot-wallet', 'new'], { HOT_WALLET_VERSION: 'highload-v3' }, ['']);
    expect(offered).toContain('Kind [2]: ');
    expect(addressLine(offered).version).toBe('highload-v3');
  });
});
