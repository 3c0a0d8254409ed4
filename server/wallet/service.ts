/**
 * Wallet ownership (docs/foundations.md §8): the server issues ton_proof payloads, checks the proof a
 * wallet signs on connect exactly as TON Connect specifies it, and binds the wallet to the user.
 *
 * The binding rule: **one wallet per user, one user per wallet, the latest proof wins.** A new proof of
 * the user's replaces their binding (they moved to another wallet); a proof of a wallet bound to another
 * user moves it (whoever holds the key now is its owner; the other user is left with no bound wallet
 * and cannot sell until they prove one: sales pay out only to the bound wallet, see withdraw/service.ts).
 * A restored connection carries no proof and changes nothing.
 *
 * Other domains read the binding here (`boundWallet`, `BOUND_WALLET` for /user/me's statement).
 */
import { Address } from '@ton/core';
import type { TonClient } from '@ton/ton';
import type { BoundWallet, TonProofCheckBody, TonProofCheckResult, TonProofPayload } from '@contract';
import type { Config } from '../config';
import { TON_PROOF_FUTURE_SKEW_SECONDS, TON_PROOF_TTL_SECONDS } from '../constants';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { BadGatewayError, ValidationError, fieldError } from '../lib/errors';
import { walletAppAddress } from '../lib/ton-address';
import { issuePayload, readPayload } from './payload';
import { parseStateInit, publicKeyFromStateInit, stateInitMatchesAddress, verifyTonProofSignature } from './proof';
import {
  type WalletBindingRow,
  consumePayload,
  findBinding,
  lockAddress,
  unbindAddressFromOthers,
  upsertBinding,
} from './queries';

/** TON Connect chain ids. */
const CHAIN_IDS = { mainnet: '-239', testnet: '-3' } as const;

/** The domain a wallet proves the address to: the host (and port, if any) users open the app on. */
export const proofDomain = (config: Pick<Config, 'publicUrl'>): string => new URL(config.publicUrl).host;

/**
 * Reads a wallet's key with its `get_public_key` get method; null when the account has no such method
 * (not deployed, not a wallet). Throws when the node cannot be asked.
 */
export type PublicKeyReader = (address: Address) => Promise<Buffer | null>;

/** Through the server's node client (toncenter v2 at TON_NODE_URL; the dev chain in the sandbox: server/lib/ton-node.ts). */
export function chainPublicKeyReader(client: Pick<TonClient, 'runMethod'>): PublicKeyReader {
  return async (address) => {
    try {
      const { stack } = await client.runMethod(address, 'get_public_key');
      return Buffer.from(stack.readBigNumber().toString(16).padStart(64, '0'), 'hex');
    } catch (error) {
      // TonClient throws "… Got exit_code: N" for a get method that failed on the account itself.
      if (error instanceof Error && /exit_code/.test(error.message)) return null;
      if (error instanceof Error && /stack|tuple|reader/i.test(error.message)) return null;
      throw new BadGatewayError('walletUnreadable');
    }
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** GET /wallet/ton-proof/payload: a fresh payload for this user's connect request. */
export function tonProofPayload(deps: Pick<Deps, 'config'>, userId: number, now = nowSeconds()): TonProofPayload {
  const issued = issuePayload(deps.config.tonProofSecret, userId, TON_PROOF_TTL_SECONDS, now);
  return { payload: issued.payload, expires_at: issued.expiresAt };
}

/** A refused proof: one sentence for the person, the reason for programs (errors[1]). Nothing is written. */
function refuse(path: string, reason: string): never {
  throw new ValidationError([fieldError('proof', 'tonProofInvalid'), { path, message: reason }]);
}

function toBoundWallet(row: Pick<WalletBindingRow, 'address' | 'network' | 'bound_at'>): BoundWallet {
  const address = Address.parseRaw(row.address);
  return {
    address: row.address,
    friendly_address: walletAppAddress(address, row.network === 'testnet' ? 'testnet' : 'mainnet'),
    bound_at: Math.floor(row.bound_at.getTime() / 1000),
  };
}

/**
 * POST /wallet/ton-proof: checks the proof (docs/foundations.md §8, in this order: the address and network, the
 * domain, the timestamp, the payload ours, this user's and unexpired, the key — from the state init of a
 * wallet v3r1/v3r2/v4r2/v5r1, else `get_public_key` on chain — and the state init hashing to the address,
 * the signature) and then, in one transaction, uses the payload (once) and binds the wallet.
 */
export async function checkTonProof(
  deps: Pick<Deps, 'config' | 'db' | 'bus'>,
  userId: number,
  body: TonProofCheckBody,
  readPublicKey: PublicKeyReader,
  now = nowSeconds(),
): Promise<TonProofCheckResult> {
  const { proof } = body;
  let address: Address;
  try {
    address = Address.parse(body.address);
  } catch {
    return refuse('address', 'address: not a TON address');
  }
  if (address.workChain !== 0) refuse('address', 'address: a wallet on the basechain (workchain 0) only');
  // The network this server pays and reads on (TON_NETWORK): a wallet of the other one is not the user's here.
  const network = deps.config.tonNetwork;
  if (body.network !== CHAIN_IDS[network])
    refuse('network', `network: this server is on ${network} (${CHAIN_IDS[network]})`);

  const domain = proofDomain(deps.config);
  if (proof.domain.value !== domain)
    refuse('proof.domain', `proof.domain: the proof is for ${proof.domain.value}, not ${domain}`);
  if (proof.domain.lengthBytes !== Buffer.byteLength(proof.domain.value, 'utf8')) {
    refuse('proof.domain', 'proof.domain: lengthBytes is not the length of value');
  }
  if (proof.timestamp > now + TON_PROOF_FUTURE_SKEW_SECONDS)
    refuse('proof.timestamp', 'proof.timestamp: in the future');
  if (now - proof.timestamp > TON_PROOF_TTL_SECONDS) refuse('proof.timestamp', 'proof.timestamp: the proof is too old');

  const payload = readPayload(deps.config.tonProofSecret, userId, proof.payload, now);
  if (!payload.ok) {
    refuse(
      'proof.payload',
      payload.reason === 'expired' ? 'proof.payload: expired' : 'proof.payload: not issued by this server to this user',
    );
  }

  let publicKey: Buffer | null = null;
  if (proof.state_init) {
    const init = parseStateInit(proof.state_init);
    if (!init) return refuse('proof.state_init', 'proof.state_init: not a state init');
    if (!stateInitMatchesAddress(init, address))
      refuse('proof.state_init', 'proof.state_init: does not hash to the address');
    publicKey = publicKeyFromStateInit(init)?.publicKey ?? null;
  }
  // A wallet whose code is not one we know (or no state init at all): the deployed contract tells its key.
  publicKey ??= await readPublicKey(address);
  if (!publicKey || publicKey.length !== 32) return refuse('public_key', 'public_key: the wallet’s key is unknown');
  if (body.public_key !== undefined && body.public_key.toLowerCase() !== publicKey.toString('hex')) {
    refuse('public_key', 'public_key: not the wallet’s key');
  }

  const signature = Buffer.from(proof.signature, 'base64');
  const signed = verifyTonProofSignature({
    address,
    domain: proof.domain.value,
    timestamp: proof.timestamp,
    payload: proof.payload,
    signature,
    publicKey,
  });
  if (!signed) refuse('proof.signature', 'proof.signature: does not verify');

  const raw = address.toRawString();
  const verified = payload as Extract<typeof payload, { ok: true }>;
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await consumePayload(tx, verified.nonce, userId, new Date(verified.expiresAt * 1000)))) {
      refuse('proof.payload', 'proof.payload: already used');
    }
    await lockAddress(tx, raw);
    const previousOwner = await unbindAddressFromOthers(tx, raw, userId);
    // The previous owner's open app shows the binding it lost until it refetches: tell it to.
    if (previousOwner !== undefined) tx.publishToUser(previousOwner, { event: 'resync', data: {} });
    const row = await upsertBinding(tx, { userId, address: raw, publicKey: publicKey.toString('hex'), network });
    return { wallet: toBoundWallet(row) };
  });
}

/** The user's bound wallet; null when no proof has bound one. */
export async function boundWallet(q: Queryable, userId: number): Promise<BoundWallet | null> {
  const row = await findBinding(q, userId);
  return row ? toBoundWallet(row) : null;
}

/**
 * For a statement over `users u` (GET /user/me's one statement, the operator's user): the bound wallet's
 * columns, or nulls. One join on the binding's key (user_id, so at most one row) rather than a subquery
 * per column: Postgres probes the index once instead of three times.
 */
export const BOUND_WALLET = {
  columns: 'wb.address AS bound_wallet_address, wb.network AS bound_wallet_network, wb.bound_at AS bound_wallet_at',
  joins: 'LEFT JOIN wallet_bindings wb ON wb.user_id = u.id',
} as const;

export interface BoundWalletColumns {
  bound_wallet_address: string | null;
  bound_wallet_network: string | null;
  bound_wallet_at: Date | null;
}

export function boundWalletFromColumns(row: BoundWalletColumns): BoundWallet | null {
  if (row.bound_wallet_address === null || row.bound_wallet_network === null || row.bound_wallet_at === null)
    return null;
  return toBoundWallet({
    address: row.bound_wallet_address,
    network: row.bound_wallet_network,
    bound_at: row.bound_wallet_at,
  });
}
