/**
 * The sandbox's hot wallet, the wallet sales are paid from in the sandbox: a real wallet contract of the
 * kind HOT_WALLET_VERSION names (v5r1 by default, as for a new deployment; docs/deploy.md, the hot wallet),
 * its key pair from a constant, public seed (sandbox coins are worth nothing), apart from the treasury that
 * receives mints, as in production. The dev chain deploys and funds it on start; the launcher empties it
 * (a real signed transfer) and tops it up from the faucet.
 */
import { createHash } from 'node:crypto';
import { Address, type MessageRelaxed, SendMode, external, internal } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import type { Config } from '../../config';
import type { Queryable } from '../../db/index';
import type { Deps, HotWalletKeys } from '../../deps';
import { HIGHLOAD_EMERGENCY_QUERY_ID, type HotWallet, createHotWallet } from '../../withdraw/service';
import { SANDBOX_TREASURY_FUNDING } from './constants';
import { badRequest } from './errors';
import { faucetIn } from './faucet';
import { lockChain } from './queries';
import { getAccount, runGetMethod, walletSeqno } from './reads';
import { applyExternal } from './send';
import { messageCell, nowSeconds } from './transactions';

/** Public on purpose, like the treasury's. */
export const SANDBOX_HOT_WALLET_SEED_TEXT = 'ton-token-mini-app sandbox hot wallet v1';

/** Where an emptied hot wallet's TON goes: an address nobody holds a key to. */
export const SANDBOX_SINK_ADDRESS = new Address(0, createHash('sha256').update('dev chain sink').digest());

export function sandboxHotWalletKeys(version: Config['hotWalletVersion']): HotWalletKeys {
  return { version, keyPair: keyPairFromSeed(createHash('sha256').update(SANDBOX_HOT_WALLET_SEED_TEXT).digest()) };
}

export const sandboxHotWallet = (config: Pick<Config, 'hotWalletVersion' | 'tonNetwork'>): HotWallet =>
  createHotWallet(sandboxHotWalletKeys(config.hotWalletVersion), config.tonNetwork);

/**
 * A highload wallet's query id for the sandbox's own transfers: from the emergency id down, the first its
 * `processed?` does not report. The payout worker counts up from 0 (highload-v3.ts), so the two never meet.
 */
async function ownQueryId(q: Queryable, wallet: HotWallet, active: boolean): Promise<bigint> {
  for (let id = HIGHLOAD_EMERGENCY_QUERY_ID; active; id--) {
    const run = await runGetMethod(q, wallet.address, 'processed?', [
      ['num', id.toString()],
      ['num', '-1'],
    ]);
    if (run.exit_code !== 0) throw new Error(`processed? failed with exit code ${run.exit_code}`);
    if (run.stack[0]?.[1] === '0x0') return id;
  }
  return HIGHLOAD_EMERGENCY_QUERY_ID;
}

/** A transfer of the wallet's own, signed with its current state, applied now (deploys it when it is not active). */
async function ownTransfer(q: Queryable, wallet: HotWallet, messages: MessageRelaxed[], sendMode: number, now: number) {
  const active = (await getAccount(q, wallet.address)).state === 'active';
  let body;
  if (wallet.version === 'highload-v3') {
    const queryId = await ownQueryId(q, wallet, active);
    body = wallet.highload.externalBody({ queryId, createdAt: now, messages, mode: sendMode });
  } else {
    const seqno = active ? await walletSeqno(q, wallet.address) : 0;
    body = wallet.transferBody({ seqno, validUntil: now + 60, messages, sendMode });
  }
  await applyExternal(q, messageCell(external({ to: wallet.address, init: active ? null : wallet.init, body })), now);
}

/** Sandbox start, with payouts on: funds and deploys the hot wallet unless it is active (once, under the chain's lock). */
export async function ensureSandboxHotWallet(deps: Deps): Promise<void> {
  if (deps.config.mode !== 'sandbox' || !deps.config.payoutsEnabled) return;
  const wallet = sandboxHotWallet(deps.config);
  await deps.db.tx(async (q) => {
    await lockChain(q);
    const account = await getAccount(q, wallet.address);
    if (account.state === 'active') return;
    const now = nowSeconds();
    if (account.balance === 0n) await faucetIn(q, wallet.address, SANDBOX_TREASURY_FUNDING, 'sandbox hot wallet', now);
    await ownTransfer(q, wallet, [], SendMode.PAY_GAS_SEPARATELY, now);
  });
}

/**
 * The launcher's "empty hot wallet": everything it holds goes to SANDBOX_SINK_ADDRESS (send mode 128), then
 * `keep` comes back from the faucet. Payouts larger than what is left wait with the worker's reason, as on
 * an empty production hot wallet, until it is topped up.
 */
export async function drainSandboxHotWallet(deps: Deps, keep: bigint): Promise<void> {
  const wallet = sandboxHotWallet(deps.config);
  await deps.db.tx(async (q) => {
    await lockChain(q);
    const account = await getAccount(q, wallet.address);
    if (account.state !== 'active') throw badRequest('The sandbox hot wallet is not deployed yet');
    const now = nowSeconds();
    if (account.balance > 0n) {
      const sink = internal({ to: SANDBOX_SINK_ADDRESS, value: 0n, bounce: false });
      await ownTransfer(q, wallet, [sink], SendMode.CARRY_ALL_REMAINING_BALANCE, now);
    }
    if (keep > 0n) await faucetIn(q, wallet.address, keep, 'sandbox hot wallet top-up', now);
  });
}

/** The launcher's "top up": `nanotons` from the faucet into the hot wallet. */
export async function topUpSandboxHotWallet(deps: Deps, nanotons: bigint): Promise<void> {
  const wallet = sandboxHotWallet(deps.config);
  await deps.db.tx(async (q) => {
    await lockChain(q);
    await faucetIn(q, wallet.address, nanotons, 'sandbox hot wallet top-up', nowSeconds());
  });
}
