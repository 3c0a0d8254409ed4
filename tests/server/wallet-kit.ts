/**
 * Wallets a test user proves to hold, as the app does on connect: real key pairs, a payload
 * the server issued to that user, a ton_proof signed for real, POST /api/wallet/ton-proof. Sales pay out
 * only to the wallet proved this way (server/withdraw/service.ts), so every sale test proves its recipient.
 */
import { randomBytes } from 'node:crypto';
import { type Address, type Cell, beginCell, storeStateInit } from '@ton/core';
import { type KeyPair, keyPairFromSeed } from '@ton/crypto';
import { WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { expect } from 'vitest';
import type { TonProofCheckBody, TonProofCheckResult, TonProofPayload } from '@contract';
import { signTonProof } from '../../server/sandbox/wallet/ton-proof';
import type { TestContext } from './helpers';
import type { TestUser } from './mint-kit';

export type Contract = { address: Address; init: { code: Cell; data: Cell } };

export const newKeys = (): KeyPair => keyPairFromSeed(randomBytes(32));
export const v4 = (keys: KeyPair) => WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
export const v5 = (keys: KeyPair) => WalletContractV5R1.create({ workchain: 0, publicKey: keys.publicKey });
export const v3 = (keys: KeyPair) => WalletContractV3R2.create({ workchain: 0, publicKey: keys.publicKey });
export const stateInitOf = (contract: Contract) =>
  beginCell().store(storeStateInit(contract.init)).endCell().toBoc().toString('base64');

/** The domain a wallet proves to: the host the app is opened on. */
export const domainOf = (c: TestContext) => new URL(c.config.publicUrl).host;

export const getPayload = async (c: TestContext, user: Pick<TestUser, 'headers'>): Promise<string> => {
  const response = await c.app.inject({ method: 'GET', url: '/api/wallet/ton-proof/payload', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<TonProofPayload>().payload;
};

/** What the client sends: the account (as TON Connect reports it) and the wallet's proof, signed for real. */
export function proofBody(args: {
  keys: KeyPair;
  contract: Contract;
  payload: string;
  domain: string;
  timestamp?: number;
  withStateInit?: boolean;
}): TonProofCheckBody {
  const proof = signTonProof({
    address: args.contract.address,
    secretKey: args.keys.secretKey,
    domain: args.domain,
    payload: args.payload,
    ...(args.timestamp !== undefined ? { timestamp: args.timestamp } : {}),
  });
  return {
    address: args.contract.address.toRawString(),
    network: '-3',
    public_key: args.keys.publicKey.toString('hex'),
    proof: { ...proof, ...(args.withStateInit === false ? {} : { state_init: stateInitOf(args.contract) }) },
  };
}

export interface ProvedWallet {
  address: Address;
  /** As the app shows it and a user pastes it: user-friendly, non-bounceable, test-only. */
  text: string;
}

/**
 * A fresh wallet v4r2 the user proves to hold (the latest proof wins: it replaces the user's earlier
 * wallet). Its address, like `newRecipient()`'s, is uninitialised on the dev chain until paid.
 */
export async function proveWallet(
  c: TestContext,
  user: Pick<TestUser, 'headers'>,
  keys: KeyPair = newKeys(),
): Promise<ProvedWallet> {
  const contract = v4(keys);
  const body = proofBody({ keys, contract, payload: await getPayload(c, user), domain: domainOf(c) });
  const response = await c.app.inject({
    method: 'POST',
    url: '/api/wallet/ton-proof',
    headers: user.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<TonProofCheckResult>().wallet.address).toBe(contract.address.toRawString());
  return {
    address: contract.address,
    text: contract.address.toString({ urlSafe: true, bounceable: false, testOnly: true }),
  };
}
