/**
 * ton_proof as TON Connect defines it (docs/foundations.md §8; the reference is the TON Connect demo dApp's
 * backend, ton-proof-service.ts), without the database: the signed message, the wallet's public key
 * from its state init, and the signature check.
 *
 *   message   = "ton-proof-item-v2/" ‖ workchain (int32 BE) ‖ address hash (32 bytes)
 *               ‖ domain length (uint32 LE) ‖ domain ‖ timestamp (uint64 LE) ‖ payload
 *   signature = ed25519 over sha256(0xffff ‖ "ton-connect" ‖ sha256(message))
 */
import { createHash } from 'node:crypto';
import { type Address, type Cell, type StateInit, contractAddress, loadStateInit, Cell as TonCell } from '@ton/core';
import { signVerify } from '@ton/crypto';
import { WalletContractV3R1, WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';

const TON_PROOF_PREFIX = 'ton-proof-item-v2/';
const TON_CONNECT_PREFIX = 'ton-connect';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

export function tonProofMessage(address: Address, domain: string, timestamp: number, payload: string): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domainBytes = Buffer.from(domain, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domainBytes.length);
  const time = Buffer.alloc(8);
  time.writeBigUInt64LE(BigInt(timestamp));
  return Buffer.concat([
    Buffer.from(TON_PROOF_PREFIX, 'utf8'),
    workchain,
    address.hash,
    domainLength,
    domainBytes,
    time,
    Buffer.from(payload, 'utf8'),
  ]);
}

/** What the wallet's key signs: sha256(0xffff ‖ "ton-connect" ‖ sha256(message)). */
export function tonProofDigest(message: Buffer): Buffer {
  return sha256(Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from(TON_CONNECT_PREFIX, 'utf8'), sha256(message)]));
}

export function verifyTonProofSignature(args: {
  address: Address;
  domain: string;
  timestamp: number;
  payload: string;
  signature: Buffer;
  publicKey: Buffer;
}): boolean {
  if (args.signature.length !== 64 || args.publicKey.length !== 32) return false;
  const message = tonProofMessage(args.address, args.domain, args.timestamp, args.payload);
  return signVerify(tonProofDigest(message), args.signature, args.publicKey);
}

/** The wallet contracts whose state init tells the key: their code, and where the key sits in the data. */
export type WalletVersion = 'v3r1' | 'v3r2' | 'v4r2' | 'v5r1';

const ZERO_KEY = Buffer.alloc(32);
const KNOWN_CODES: ReadonlyArray<{ version: WalletVersion; code: Cell; readKey: (data: Cell) => Buffer }> = (() => {
  // v3 and v4: seqno (32) ‖ subwallet id (32) ‖ public key (256) ‖ …
  const v3v4Key = (data: Cell) => {
    const slice = data.beginParse();
    slice.skip(64);
    return slice.loadBuffer(32);
  };
  // v5r1: is_signature_allowed (1) ‖ seqno (32) ‖ wallet id (32) ‖ public key (256) ‖ extensions
  const v5Key = (data: Cell) => {
    const slice = data.beginParse();
    slice.skip(1 + 32 + 32);
    return slice.loadBuffer(32);
  };
  const codeOf = (contract: { init: { code: Cell } }) => contract.init.code;
  return [
    {
      version: 'v3r1',
      code: codeOf(WalletContractV3R1.create({ workchain: 0, publicKey: ZERO_KEY })),
      readKey: v3v4Key,
    },
    {
      version: 'v3r2',
      code: codeOf(WalletContractV3R2.create({ workchain: 0, publicKey: ZERO_KEY })),
      readKey: v3v4Key,
    },
    { version: 'v4r2', code: codeOf(WalletContractV4.create({ workchain: 0, publicKey: ZERO_KEY })), readKey: v3v4Key },
    { version: 'v5r1', code: codeOf(WalletContractV5R1.create({ workchain: 0, publicKey: ZERO_KEY })), readKey: v5Key },
  ];
})();

/** A state init (base64 BOC) → the parsed StateInit; null when it is not one. */
export function parseStateInit(base64: string): StateInit | null {
  try {
    const cells = TonCell.fromBoc(Buffer.from(base64, 'base64'));
    if (cells.length !== 1 || !cells[0]) return null;
    return loadStateInit(cells[0].beginParse());
  } catch {
    return null;
  }
}

/** The public key a known wallet's state init holds (its code compared with @ton/ton's); null for any other code. */
export function publicKeyFromStateInit(init: StateInit): { version: WalletVersion; publicKey: Buffer } | null {
  if (!init.code || !init.data) return null;
  const code = init.code;
  const known = KNOWN_CODES.find((entry) => entry.code.equals(code));
  if (!known) return null;
  try {
    return { version: known.version, publicKey: known.readKey(init.data) };
  } catch {
    return null;
  }
}

/** Whether the state init is the one that deploys to `address` (its hash is the address's hash, same workchain). */
export function stateInitMatchesAddress(init: StateInit, address: Address): boolean {
  return contractAddress(address.workChain, init).equals(address);
}
