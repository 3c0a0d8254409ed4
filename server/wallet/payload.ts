/**
 * ton_proof payloads the server issues: random, expiring, and signed with TON_PROOF_SECRET for the user
 * who asked, so the server needs no row until one is used (then server/wallet/queries.ts records it, and
 * it is good once).
 *
 *   payload = base64url(nonce (16 bytes) ‖ expires_at (uint32 BE, unix seconds) ‖ tag (32 bytes))
 *   tag     = HMAC-SHA256(secret, "ton-proof-payload/v1" ‖ user id (uint32 BE) ‖ nonce ‖ expires_at)
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const NONCE_BYTES = 16;
const EXPIRY_BYTES = 4;
const TAG_BYTES = 32;
const LABEL = Buffer.from('ton-proof-payload/v1', 'utf8');

function tagOf(secret: string, userId: number, body: Buffer): Buffer {
  const user = Buffer.alloc(4);
  user.writeUInt32BE(userId);
  return createHmac('sha256', secret)
    .update(Buffer.concat([LABEL, user, body]))
    .digest();
}

export interface IssuedPayload {
  payload: string;
  /** Unix seconds. */
  expiresAt: number;
}

export function issuePayload(secret: string, userId: number, ttlSeconds: number, nowSeconds: number): IssuedPayload {
  const expiresAt = nowSeconds + ttlSeconds;
  const expiry = Buffer.alloc(EXPIRY_BYTES);
  expiry.writeUInt32BE(expiresAt);
  const body = Buffer.concat([randomBytes(NONCE_BYTES), expiry]);
  return { payload: Buffer.concat([body, tagOf(secret, userId, body)]).toString('base64url'), expiresAt };
}

export type PayloadReading =
  | { ok: true; nonce: string; expiresAt: number }
  /** Not one the server issued to this user (another user's, another server's, altered, not ours at all). */
  | { ok: false; reason: 'foreign' }
  | { ok: false; reason: 'expired' };

export function readPayload(secret: string, userId: number, payload: string, nowSeconds: number): PayloadReading {
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return { ok: false, reason: 'foreign' };
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== NONCE_BYTES + EXPIRY_BYTES + TAG_BYTES || bytes.toString('base64url') !== payload) {
    return { ok: false, reason: 'foreign' };
  }
  const body = bytes.subarray(0, NONCE_BYTES + EXPIRY_BYTES);
  const tag = bytes.subarray(NONCE_BYTES + EXPIRY_BYTES);
  if (!timingSafeEqual(tag, tagOf(secret, userId, body))) return { ok: false, reason: 'foreign' };
  const expiresAt = body.readUInt32BE(NONCE_BYTES);
  if (nowSeconds > expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, nonce: body.subarray(0, NONCE_BYTES).toString('hex'), expiresAt };
}
