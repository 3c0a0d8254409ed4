/**
 * ton_proof as a TON Connect wallet signs it (docs.ton.org, "Signing and verification" / ton-connect
 * requests-responses spec), so a dApp backend that checks proofs checks ours the same way:
 *
 *   message   = "ton-proof-item-v2/" ‖ workchain (uint32 BE) ‖ address hash (32 bytes)
 *               ‖ domain length (uint32 LE) ‖ domain ‖ timestamp (uint64 LE) ‖ payload
 *   signature = ed25519(sha256(0xffff ‖ "ton-connect" ‖ sha256(message)))
 */
import { createHash } from 'node:crypto';
import type { Address } from '@ton/core';
import { sign } from '@ton/crypto';

export interface TonProof {
  timestamp: number;
  domain: { lengthBytes: number; value: string };
  /** base64 */
  signature: string;
  payload: string;
}

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
    Buffer.from('ton-proof-item-v2/', 'utf8'),
    workchain,
    address.hash,
    domainLength,
    domainBytes,
    time,
    Buffer.from(payload, 'utf8'),
  ]);
}

export function signTonProof(args: {
  address: Address;
  secretKey: Buffer;
  /** The dApp's host, from its manifest URL. */
  domain: string;
  payload: string;
  timestamp?: number;
}): TonProof {
  const timestamp = args.timestamp ?? Math.floor(Date.now() / 1000);
  const message = tonProofMessage(args.address, args.domain, timestamp, args.payload);
  const signed = sha256(
    Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect', 'utf8'), sha256(message)]),
  );
  return {
    timestamp,
    domain: { lengthBytes: Buffer.byteLength(args.domain, 'utf8'), value: args.domain },
    signature: sign(signed, args.secretKey).toString('base64'),
    payload: args.payload,
  };
}
