/**
 * `npm run operator -- hot-wallet new | address` (./operator.ts): a new hot wallet's words and address, the
 * kind asked at a terminal (docs/deploy.md, the hot wallet), or the configured one's address.
 */
import { parseArgs } from 'node:util';
import { mnemonicNew, mnemonicValidate } from '@ton/crypto';
import { TON_NETWORKS, type TonNetwork } from '@contract';
import { DEFAULT_HOT_WALLET_VERSION, HOT_WALLET_VERSIONS, type HotWalletVersion } from './config';
import { walletAppAddress } from './lib/ton-address';
import { createHotWallet, hotWalletFromMnemonic } from './withdraw/worker';
import { isOneOf } from './operator-args';

/** The hot wallet kinds `hot-wallet new` offers, in its order, each in one line (docs/deploy.md, the hot wallet). */
export const HOT_WALLET_KIND_LINES: Record<HotWalletVersion, string> = {
  v5r1: 'up to 255 payouts per transfer; wallet apps open it (the default, for most platforms)',
  'highload-v3':
    "the TON core team's wallet for payment processors: 254 payouts per transfer, replay-safe by query id; wallet apps do not show it",
  v4r2: '4 payouts per transfer (under one a second); only to keep paying from an existing v4r2 wallet',
};

/** `hot-wallet new` without --version: the kind asked for (Enter: `fallback`), up to three tries. */
export async function askKind(
  ask: (question: string) => Promise<string>,
  print: (line: string) => void,
  fallback: HotWalletVersion,
): Promise<HotWalletVersion> {
  print('Which kind of hot wallet?');
  HOT_WALLET_VERSIONS.forEach((kind, i) =>
    print(`  ${i + 1}) ${kind}${kind === fallback ? ' (default)' : ''}: ${HOT_WALLET_KIND_LINES[kind]}`),
  );
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = (await ask(`Kind [${HOT_WALLET_VERSIONS.indexOf(fallback) + 1}]: `)).trim();
    if (answer === '') return fallback;
    const byNumber = HOT_WALLET_VERSIONS[Number(answer) - 1];
    if (/^\d+$/.test(answer) && byNumber) return byNumber;
    if (isOneOf<HotWalletVersion>(HOT_WALLET_VERSIONS, answer)) return answer;
    print(
      `"${answer}" is none of them: type 1 to ${HOT_WALLET_VERSIONS.length}, a kind's name, or Enter for ${fallback}`,
    );
  }
  throw new Error(`No kind chosen: give --version ${HOT_WALLET_VERSIONS.join('|')}`);
}

/**
 * `hot-wallet new|address`, on this machine only: the words never travel to the server. `new` makes 24
 * words (@ton/crypto); both print the address the server pays from with those words, for the version and
 * network given (else HOT_WALLET_VERSION, TON_NETWORK, as the server reads them), in the non-bounceable
 * form a wallet app should send the first funds to (the wallet is not deployed yet: a bounceable transfer
 * would come back).
 */
export async function hotWalletCommand(
  action: 'new' | 'address',
  args: string[],
  env: { ask?: (question: string) => Promise<string> } & { settings: Record<string, string | undefined> },
  print: (line: string) => void,
): Promise<void> {
  const { settings } = env;
  const { values } = parseArgs({ args, options: { version: { type: 'string' }, network: { type: 'string' } } });
  const configured = settings.HOT_WALLET_VERSION?.trim() || DEFAULT_HOT_WALLET_VERSION;
  if (!isOneOf<HotWalletVersion>(HOT_WALLET_VERSIONS, configured))
    throw new Error(`HOT_WALLET_VERSION is ${HOT_WALLET_VERSIONS.join(', ')}, not "${configured}"`);
  // `new` asks in a terminal; --version (or, without a terminal, HOT_WALLET_VERSION, else v5r1) says it otherwise.
  const version =
    values.version ?? (action === 'new' && env.ask ? await askKind(env.ask, print, configured) : configured);
  if (!isOneOf<HotWalletVersion>(HOT_WALLET_VERSIONS, version))
    throw new Error(`The hot wallet's version is ${HOT_WALLET_VERSIONS.join(', ')}, not "${version}"`);
  const fromSetting = settings.TON_NETWORK?.trim() || undefined;
  const network = values.network ?? fromSetting ?? 'mainnet';
  if (!isOneOf<TonNetwork>(TON_NETWORKS, network))
    throw new Error(`The network is mainnet or testnet, not "${network}"`);

  let words: string[];
  if (action === 'new') {
    words = await mnemonicNew(24);
  } else {
    const text = settings.HOT_WALLET_MNEMONIC?.trim();
    if (!text) throw new Error('hot-wallet address reads HOT_WALLET_MNEMONIC: set it as the server has it');
    words = text.split(/\s+/);
    if (words.length !== 24 || !(await mnemonicValidate(words)))
      throw new Error('HOT_WALLET_MNEMONIC is not a valid 24-word TON mnemonic');
  }
  const wallet = createHotWallet(await hotWalletFromMnemonic(words, version), network);
  const address = walletAppAddress(wallet.address, network);
  if (action === 'new') {
    print(`New hot wallet (${version}, ${network}): ${HOT_WALLET_KIND_LINES[version]}.`);
    print(`Set HOT_WALLET_VERSION=${version}. These 24 words are HOT_WALLET_MNEMONIC: keep them in your`);
    print('secret store, never in a file under version control; whoever has them has the wallet.');
    print('');
    print(words.join(' '));
    print('');
  }
  // Said every time: a mainnet wallet made by a shell that lacks TON_NETWORK must not pass for a testnet one.
  const source = values.network
    ? '--network'
    : fromSetting
      ? 'TON_NETWORK'
      : "TON_NETWORK is unset: the server's default; --network testnet for a staging wallet";
  print(`Network: ${network} (${source})`);
  print(`Address (${version}, ${network}): ${address}`);
}
