/**
 * The sandbox dev wallet (docs/foundations.md §2): one real wallet v4r2 per test user, with a real ed25519 key,
 * on the dev chain. The browser half is server/sandbox/dev-wallet.js (a TON Connect injected bridge);
 * this half holds the keys, signs ton_proof and transfers, and submits them to the dev chain.
 *
 * The browser proves who it is with the Telegram init data it was launched with, checked exactly as
 * sign-in checks it; the test user with that Telegram id owns the wallet.
 */
import { randomBytes } from 'node:crypto';
import {
  type Address,
  type Cell,
  SendMode,
  beginCell,
  external,
  internal,
  storeMessage,
  storeStateInit,
} from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { verifyInitData } from '../../auth/service';
import type { Deps } from '../../deps';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { formatUnits } from '../../lib/money';
import {
  chainAccount,
  chainBalance,
  chainFaucet,
  chainSendBoc,
  drainSandboxHotWallet,
  sandboxHotWallet,
  topUpSandboxHotWallet,
} from './chain';
import {
  DEV_WALLET_NAME,
  DEV_WALLET_NETWORK,
  DEV_WALLET_VERSION,
  FIRST_USE_FAUCET_NANOTONS,
  MAX_MESSAGES,
} from './constants';
import {
  type SandboxWalletRow,
  claimSeed,
  findSandboxUserIdByTelegramId,
  findWallet,
  insertWalletOnce,
  listWallets,
  releaseSeed,
  sandboxUserExists,
} from './queries';
import type {
  ConnectBody,
  SendBody,
  TransactionPreview,
  TransactionRequest,
  WalletInfo,
  WalletListEntry,
} from './schemas';
import { type TonProof, signTonProof } from './ton-proof';

const WORKCHAIN = 0;

interface DevWallet {
  sandboxUserId: number;
  contract: WalletContractV4;
  address: Address;
  publicKey: Buffer;
  secretKey: Buffer;
}

function devWalletFromRow(row: SandboxWalletRow): DevWallet {
  const publicKey = Buffer.from(row.public_key, 'hex');
  const contract = WalletContractV4.create({ workchain: WORKCHAIN, publicKey });
  return {
    sandboxUserId: row.sandbox_user_id,
    contract,
    address: contract.address,
    publicKey,
    secretKey: Buffer.from(row.secret_key, 'hex'),
  };
}

/** The friendly form users see: testnet (see DEV_WALLET_NETWORK), non-bounceable as wallets show their own address. */
export const friendlyAddress = (address: Address) =>
  address.toString({ testOnly: true, bounceable: false, urlSafe: true });

export function walletStateInit(contract: WalletContractV4): Cell {
  return beginCell().store(storeStateInit(contract.init)).endCell();
}

/** The user's wallet, made on first use: fresh keys, then 100 TON from the dev chain's faucet. */
export async function ensureWallet(deps: Deps, sandboxUserId: number): Promise<DevWallet> {
  let row = await findWallet(deps.db, sandboxUserId);
  if (!row) {
    const keys = keyPairFromSeed(randomBytes(32));
    const contract = WalletContractV4.create({ workchain: WORKCHAIN, publicKey: keys.publicKey });
    row = await deps.db.tx((q) =>
      insertWalletOnce(q, {
        sandboxUserId,
        publicKey: keys.publicKey.toString('hex'),
        secretKey: keys.secretKey.toString('hex'),
        address: contract.address.toRawString(),
      }),
    );
  }
  const wallet = devWalletFromRow(row);
  if (row.seeded_at === null && (await claimSeed(deps.db, sandboxUserId))) {
    try {
      await chainFaucet(deps, wallet.address, FIRST_USE_FAUCET_NANOTONS, 'Dev wallet: first-use faucet');
    } catch (error) {
      await releaseSeed(deps.db, sandboxUserId);
      throw error;
    }
  }
  return wallet;
}

/** Init data → test user → wallet. 401 for init data sign-in would refuse, 404 when it is not a test user's. */
export async function walletForInitData(deps: Deps, initData: string): Promise<DevWallet> {
  const { profile } = verifyInitData(initData, deps.config.botToken, deps.config.initDataMaxAgeSeconds);
  const sandboxUserId = await findSandboxUserIdByTelegramId(deps.db, profile.telegramId);
  if (sandboxUserId === undefined) throw new NotFoundError({ code: 'notFound', msg: 'Test user not found' });
  return ensureWallet(deps, sandboxUserId);
}

async function infoOf(deps: Deps, wallet: DevWallet): Promise<WalletInfo> {
  const account = await chainAccount(deps.db, wallet.address);
  return {
    address: friendlyAddress(wallet.address),
    raw: wallet.address.toRawString(),
    balance: formatUnits(account.balance),
  };
}

export async function walletInfo(deps: Deps, initData: string): Promise<WalletInfo> {
  return infoOf(deps, await walletForInitData(deps, initData));
}

// ---- connect ------------------------------------------------------------------------------------

export interface TonAddrItem {
  name: 'ton_addr';
  address: string;
  network: string;
  publicKey: string;
  walletStateInit: string;
}
export interface TonProofItem {
  name: 'ton_proof';
  proof: TonProof;
}
export type SendTransactionFeature = 'SendTransaction' | { name: 'SendTransaction'; maxMessages: number };
export interface DeviceInfo {
  platform: 'browser';
  appName: string;
  appVersion: string;
  maxProtocolVersion: number;
  features: SendTransactionFeature[];
}
/** The `payload` of a TON Connect protocol v2 `connect` event. */
export interface ConnectEventPayload {
  items: Array<TonAddrItem | TonProofItem>;
  device: DeviceInfo;
}

export const DEVICE_INFO: DeviceInfo = {
  platform: 'browser',
  appName: DEV_WALLET_NAME,
  appVersion: DEV_WALLET_VERSION,
  maxProtocolVersion: 2,
  // The bare string is the deprecated form; older SDKs only look for it.
  features: ['SendTransaction', { name: 'SendTransaction', maxMessages: MAX_MESSAGES }],
};

export async function connect(deps: Deps, body: ConnectBody): Promise<ConnectEventPayload> {
  const wallet = await walletForInitData(deps, body.init_data);
  // A wallet proves the address to the domain the dApp's manifest names (host, with a port if any).
  const domain = new URL(body.manifest_url).host;
  const items: ConnectEventPayload['items'] = [];
  for (const item of body.items) {
    if (item.name === 'ton_addr') {
      items.push({
        name: 'ton_addr',
        address: wallet.address.toRawString(),
        network: DEV_WALLET_NETWORK,
        publicKey: wallet.publicKey.toString('hex'),
        walletStateInit: walletStateInit(wallet.contract).toBoc().toString('base64'),
      });
    } else {
      items.push({
        name: 'ton_proof',
        proof: signTonProof({ address: wallet.address, secretKey: wallet.secretKey, domain, payload: item.payload }),
      });
    }
  }
  return { items, device: DEVICE_INFO };
}

// ---- send ---------------------------------------------------------------------------------------

/** Checks a wallet makes before it shows or signs a request; the schema has checked the shapes. */
function checkRequest(wallet: DevWallet, request: TransactionRequest, now = Math.floor(Date.now() / 1000)) {
  if (request.valid_until <= now) {
    throw new BadRequestError({
      code: 'badRequest',
      msg: 'Transaction request has expired (valid_until is in the past)',
    });
  }
  if (request.network !== undefined && request.network !== DEV_WALLET_NETWORK) {
    throw new BadRequestError({
      code: 'badRequest',
      msg: `Wrong network ${request.network}: the dev wallet is on ${DEV_WALLET_NETWORK} (testnet)`,
    });
  }
  if (request.from !== undefined && !request.from.address.equals(wallet.address)) {
    throw new BadRequestError({ code: 'badRequest', msg: 'from is not this wallet’s address' });
  }
}

/** A text comment (op 0 + UTF-8 tail) as the recipient's wallet would show it; null for any other payload. */
export function commentOf(payload: Cell | undefined): string | null {
  if (!payload) return null;
  try {
    const slice = payload.beginParse();
    if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return null;
    return slice.loadStringTail();
  } catch {
    return null;
  }
}

export async function preview(deps: Deps, body: SendBody): Promise<TransactionPreview> {
  const wallet = await walletForInitData(deps, body.init_data);
  checkRequest(wallet, body.request);
  const info = await infoOf(deps, wallet);
  return {
    balance: info.balance,
    messages: body.request.messages.map((message) => ({
      address: message.address.address.toString({
        testOnly: message.address.testOnly,
        bounceable: message.address.bounceable,
        urlSafe: true,
      }),
      amount: formatUnits(message.amount),
      comment: commentOf(message.payload),
      has_payload: message.payload !== undefined,
      has_state_init: message.stateInit !== undefined,
    })),
  };
}

/**
 * One transfer per wallet at a time in this process: each needs the seqno the previous one moved on.
 * (Across processes the dev chain refuses a stale seqno, which answers 400.)
 */
const walletLocks = new Map<string, Promise<unknown>>();
async function withWalletLock<T>(address: Address, fn: () => Promise<T>): Promise<T> {
  const key = address.toRawString();
  const previous = walletLocks.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(fn);
  walletLocks.set(key, run);
  try {
    return await run;
  } finally {
    if (walletLocks.get(key) === run) walletLocks.delete(key);
  }
}

export async function send(deps: Deps, body: SendBody): Promise<{ boc: string }> {
  const wallet = await walletForInitData(deps, body.init_data);
  const { request } = body;
  checkRequest(wallet, request);
  return withWalletLock(wallet.address, async () => {
    const account = await chainAccount(deps.db, wallet.address);
    const total = request.messages.reduce((sum, message) => sum + message.amount, 0n);
    if (total > account.balance) {
      const msg = `Insufficient balance: ${formatUnits(account.balance)} TON, the transfer needs ${formatUnits(total)} TON`;
      throw new BadRequestError({ code: 'badRequest', msg });
    }
    const transfer = wallet.contract.createTransfer({
      seqno: account.seqno,
      secretKey: wallet.secretKey,
      // What TON Connect wallets use: fees paid apart from the value, a failing message does not block the others.
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      timeout: request.valid_until,
      messages: request.messages.map((message) =>
        internal({
          to: message.address.address,
          value: message.amount,
          bounce: message.address.bounceable,
          ...(message.payload ? { body: message.payload } : {}),
          ...(message.stateInit ? { init: message.stateInit } : {}),
        }),
      ),
    });
    const externalMessage = beginCell()
      .store(
        storeMessage(
          external({
            to: wallet.address,
            // The first transfer deploys the wallet, as a real wallet app does.
            ...(account.deployed ? {} : { init: wallet.contract.init }),
            body: transfer,
          }),
        ),
      )
      .endCell();
    const boc = externalMessage.toBoc();
    await chainSendBoc(deps, boc);
    return { boc: boc.toString('base64') };
  });
}

// ---- launcher -----------------------------------------------------------------------------------

export async function faucetForUser(deps: Deps, sandboxUserId: number, nanotons: bigint): Promise<WalletInfo> {
  if (!(await sandboxUserExists(deps.db, sandboxUserId)))
    throw new NotFoundError({ code: 'notFound', msg: 'Test user not found' });
  const wallet = await ensureWallet(deps, sandboxUserId);
  await chainFaucet(deps, wallet.address, nanotons, 'Sandbox faucet');
  return infoOf(deps, wallet);
}

/** Wallets made so far (the launcher's Wallet column); a user without one gets it on first use. */
export async function listWalletInfos(deps: Deps): Promise<WalletListEntry[]> {
  const rows = await listWallets(deps.db);
  return Promise.all(
    rows.map(async (row) => ({ sandbox_user_id: row.sandbox_user_id, ...(await infoOf(deps, devWalletFromRow(row))) })),
  );
}

// ---- the sandbox's hot wallet (which pays sales; ../chain/hot-wallet.ts) -------------------------------

export interface HotWalletInfo {
  address: string;
  balance: string;
}

export async function hotWalletInfo(deps: Deps): Promise<HotWalletInfo> {
  const wallet = sandboxHotWallet(deps.config);
  const balance = await chainBalance(deps.db, wallet.address);
  return { address: wallet.address.toString({ testOnly: true }), balance: formatUnits(balance) };
}

/** Empties it down to `keep` (payouts larger than that wait, as on an empty production hot wallet). */
export async function drainHotWallet(deps: Deps, keep: bigint): Promise<HotWalletInfo> {
  await drainSandboxHotWallet(deps, keep);
  return hotWalletInfo(deps);
}

export async function topUpHotWallet(deps: Deps, nanotons: bigint): Promise<HotWalletInfo> {
  await topUpSandboxHotWallet(deps, nanotons);
  return hotWalletInfo(deps);
}
