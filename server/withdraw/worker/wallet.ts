/**
 * The hot wallet itself: its contract by kind (v4r2, v5r1, highload v3) on the configured network, its
 * external messages and their normalized hashes, its keys from the mnemonic and its balance for the overview.
 */
import { Cell, type Message, SendMode, beginCell, external, loadMessage, storeMessage } from '@ton/core';
import { mnemonicToPrivateKey } from '@ton/crypto';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import type { TonNetwork } from '@contract';
import type { HotWalletVersion } from '../../config';
import type { HotWalletKeys } from '../../deps';
import { withinMs } from '../../lib/timeout';
import { walletAppAddress } from '../../lib/ton-address';
import { HIGHLOAD_MAX_MESSAGES, highloadWalletV3 } from './highload-v3';
import type { HotWallet, PayoutNode } from './types';

/** The chains' global ids, as a v5r1 wallet id carries them. */
export const MAINNET_GLOBAL_ID = -239;

export const TESTNET_GLOBAL_ID = -3;

/** Each message pays its own forwarding (PAY_GAS_SEPARATELY); one that fails does not stop the rest (IGNORE_ERRORS). */
export const SEND_MODE = SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS;

/**
 * The hot wallet on `network` (TON_NETWORK). A v5r1 wallet's id names its network (-239 mainnet, -3
 * testnet), so its address differs between the two: on testnet it is the address testnet wallet apps
 * show for the same words, the one an operator funds. A v4r2 wallet is the same account on both.
 */
export function createHotWallet(keys: HotWalletKeys, network: TonNetwork): HotWallet {
  const { publicKey, secretKey } = keys.keyPair;
  if (keys.version === 'highload-v3') {
    // The same account on both networks: its subwallet id names none. The code is checked against its hash here.
    const highload = highloadWalletV3(publicKey, secretKey);
    return {
      version: 'highload-v3',
      address: highload.address,
      init: highload.init,
      maxMessages: HIGHLOAD_MAX_MESSAGES,
      highload,
    };
  }
  if (keys.version === 'v5r1') {
    const wallet = WalletContractV5R1.create({
      publicKey,
      walletId: {
        networkGlobalId: network === 'testnet' ? TESTNET_GLOBAL_ID : MAINNET_GLOBAL_ID,
        context: { walletVersion: 'v5r1', workchain: 0, subwalletNumber: 0 },
      },
    });
    return {
      version: 'v5r1',
      address: wallet.address,
      init: wallet.init,
      maxMessages: 255,
      transferBody: ({ seqno, validUntil, messages, sendMode = SEND_MODE }) =>
        wallet.createTransfer({ seqno, secretKey, messages, sendMode, timeout: validUntil }),
      // is_signature_allowed:1 seqno:32 wallet_id:32 public_key:256 extensions:dict
      seqnoOf: (data) => {
        const slice = data.beginParse();
        slice.skip(1);
        return slice.loadUint(32);
      },
    };
  }
  const wallet = WalletContractV4.create({ workchain: 0, publicKey });
  return {
    version: 'v4r2',
    address: wallet.address,
    init: wallet.init,
    maxMessages: 4,
    transferBody: ({ seqno, validUntil, messages, sendMode = SEND_MODE }) =>
      wallet.createTransfer({ seqno, secretKey, messages, sendMode, timeout: validUntil }),
    // seqno:32 subwallet_id:32 public_key:256 plugins:dict
    seqnoOf: (data) => data.beginParse().loadUint(32),
  };
}

/**
 * The external message's normalized hash (TEP-467: no source, no import fee, no state init, body in a
 * reference), base64. Unlike the plain cell hash it does not depend on how a node re-serialises the
 * message, so the stored hash finds the transaction whatever the route the message took.
 */
export function normalizedMessageHash(message: Message): string {
  if (message.info.type !== 'external-in') throw new Error('normalizedMessageHash: not an external inbound message');
  const normalized: Message = {
    info: { type: 'external-in', src: null, dest: message.info.dest, importFee: 0n },
    init: null,
    body: message.body,
  };
  return beginCell()
    .store(storeMessage(normalized, { forceRef: true }))
    .endCell()
    .hash()
    .toString('base64');
}

/** The external message of a signed body: its BOC and normalized hash (with the state init while the wallet is not active). */
export function externalOf(wallet: HotWallet, body: Cell, active: boolean): { signedBoc: string; messageHash: string } {
  const message = external({ to: wallet.address, init: active ? null : wallet.init, body });
  const cell = beginCell().store(storeMessage(message)).endCell();
  return {
    signedBoc: cell.toBoc().toString('base64'),
    messageHash: normalizedMessageHash(loadMessage(cell.beginParse())),
  };
}

/** The production hot wallet's keys from its 24 words (HOT_WALLET_MNEMONIC). */
export async function hotWalletFromMnemonic(words: string[], version: HotWalletVersion): Promise<HotWalletKeys> {
  return { version, keyPair: await mnemonicToPrivateKey(words) };
}

/** The hot wallet as the operator's overview shows it: its address, and its balance read from the node now. */
export interface HotWalletBalanceReader {
  address: string;
  /** Nanotons; null when the node does not answer within `timeoutMs` (or at all). */
  balance(): Promise<bigint | null>;
}

export function hotWalletBalanceReader(
  keys: HotWalletKeys,
  network: TonNetwork,
  node: Pick<PayoutNode, 'getContractState'>,
  timeoutMs: number,
): HotWalletBalanceReader {
  const { address } = createHotWallet(keys, network);
  return {
    // The form `hot-wallet address` prints (server/operator.ts): one address, one form, per network.
    address: walletAppAddress(address, network),
    async balance() {
      try {
        return (await withinMs(node.getContractState(address), timeoutMs)).balance;
      } catch {
        return null;
      }
    },
  };
}
