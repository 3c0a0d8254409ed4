import { crc16 } from './crc16';

/**
 * TON addresses without @ton/core (≈ 81 kB gz plus a Buffer polyfill in the browser, docs/foundations.md §6).
 * Only the two forms docs/product.md §5 allows: user-friendly (48 base64/base64url characters) and raw
 * `workchain:hex`, workchain 0 or -1. tests/unit/ton-address.test.ts cross-checks it against @ton/core.
 *
 * Raw-form messages reuse @tonconnect/sdk's wording (docs/product.md §8 lists them); every message starts with
 * `Wrong address <text>.` like the library's. Input is not trimmed: callers trim what users paste.
 */

export type Workchain = 0 | -1;

export interface TonAddress {
  workchain: Workchain;
  /** The 32-byte account id. */
  hash: Uint8Array;
}

export interface FriendlyTonAddress extends TonAddress {
  bounceable: boolean;
  testOnly: boolean;
}

export interface FriendlyOptions {
  /** Default false: wallets show non-bounceable (UQ…) addresses, as @tonconnect's toUserFriendlyAddress does. */
  bounceable?: boolean;
  testOnly?: boolean;
  /** Default true (base64url), as both @tonconnect and @ton/core write them. */
  urlSafe?: boolean;
}

export class TonAddressError extends Error {
  override readonly name = 'TonAddressError';
}

const FRIENDLY_LENGTH = 48;
const HASH_BYTES = 32;
const BOUNCEABLE_TAG = 0x11;
const NON_BOUNCEABLE_TAG = 0x51;
const TEST_ONLY_FLAG = 0x80;
const BASE64_CHAR = /[A-Za-z0-9+/_-]/;
const HEX_64 = /^[0-9a-fA-F]{64}$/;

function fail(text: string, reason: string): never {
  throw new TonAddressError(`Wrong address ${text}. ${reason}`);
}

function wrongWorkchain(text: string, received: string): never {
  fail(text, `WC must be eq 0 or -1, but ${received === '' ? 'nothing' : received} received.`);
}

/** 48 characters → 36 bytes: flag, workchain, 32-byte hash, CRC16-XMODEM of the first 34 (big-endian). */
export function parseFriendlyAddress(text: string): FriendlyTonAddress {
  if (text.length !== FRIENDLY_LENGTH) {
    fail(text, `Friendly form must be ${FRIENDLY_LENGTH} characters, but ${text.length} received.`);
  }
  for (let i = 0; i < text.length; i++) {
    if (!BASE64_CHAR.test(text[i]!)) fail(text, `Invalid base64 character "${text[i]}" at position ${i}.`);
  }
  // 36 bytes encode to exactly 48 characters, so there is never padding; a mix of '+' '/' with '-' '_'
  // is neither base64 nor base64url (@ton/core accepts the mix; we do not).
  if (/[+/]/.test(text) && /[-_]/.test(text)) fail(text, 'Mixes the base64 and base64url alphabets.');

  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const expected = crc16(bytes.subarray(0, 34));
  if (((bytes[34]! << 8) | bytes[35]!) !== expected) fail(text, 'Checksum does not match.');

  const flags = bytes[0]!;
  const tag = flags & ~TEST_ONLY_FLAG;
  if (tag !== BOUNCEABLE_TAG && tag !== NON_BOUNCEABLE_TAG) {
    const found = flags.toString(16).padStart(2, '0');
    fail(text, `Unknown flag byte 0x${found}, expected 0x11 or 0x51 (| 0x80 for test-only).`);
  }
  const wcByte = bytes[1]!;
  // A signed int8: 0x00 is 0, 0xff is -1; anything else (e.g. 0x01) is a workchain docs/product.md §5 refuses.
  if (wcByte !== 0x00 && wcByte !== 0xff) wrongWorkchain(text, String((wcByte << 24) >> 24));

  return {
    workchain: wcByte === 0 ? 0 : -1,
    hash: bytes.slice(2, 34),
    bounceable: tag === BOUNCEABLE_TAG,
    testOnly: (flags & TEST_ONLY_FLAG) !== 0,
  };
}

/** `0:<64 hex>` or `-1:<64 hex>`; hex in either case, workchain written exactly as 0 or -1. */
export function parseRawAddress(text: string): TonAddress {
  const colon = text.indexOf(':');
  if (colon < 0) fail(text, 'Address must include ":".');
  if (text.indexOf(':', colon + 1) >= 0) fail(text, 'Address must include ":" only once.');

  const wc = text.slice(0, colon);
  if (wc !== '0' && wc !== '-1') wrongWorkchain(text, wc);

  const hex = text.slice(colon + 1);
  if (hex.length !== 64) fail(text, `Hex part must be 64bytes length, but ${hex.length} received.`);
  if (!HEX_64.test(hex)) {
    const bad = [...hex].find((c) => !/[0-9a-fA-F]/.test(c));
    fail(text, `Hex part must be 64bytes length, but it has a non-hex character "${bad}".`);
  }

  const hash = new Uint8Array(HASH_BYTES);
  for (let i = 0; i < HASH_BYTES; i++) hash[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return { workchain: wc === '0' ? 0 : -1, hash };
}

/** Either form: a ':' means raw, 48 characters mean friendly. Throws TonAddressError. */
export function parseAddress(text: string): TonAddress | FriendlyTonAddress {
  if (text.includes(':')) return parseRawAddress(text);
  if (text.length === FRIENDLY_LENGTH) return parseFriendlyAddress(text);
  return fail(text, 'Expected a 48-character user-friendly address or a raw workchain:hex address.');
}

export function isValidAddress(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  try {
    parseAddress(text);
    return true;
  } catch {
    return false;
  }
}

/** Either form → `0:<64 lowercase hex>`. Throws TonAddressError. */
export function toRawAddress(text: string): string {
  const { workchain, hash } = parseAddress(text);
  return `${workchain}:${Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Either form → user-friendly. @tonconnect/ui's toUserFriendlyAddress only writes non-bounceable
 * addresses; this one also writes bounceable ones (contract destinations) and re-flags friendly input.
 */
export function toFriendlyAddress(text: string, options: FriendlyOptions = {}): string {
  const { bounceable = false, testOnly = false, urlSafe = true } = options;
  const { workchain, hash } = parseAddress(text);
  const bytes = new Uint8Array(36);
  bytes[0] = (bounceable ? BOUNCEABLE_TAG : NON_BOUNCEABLE_TAG) | (testOnly ? TEST_ONLY_FLAG : 0);
  bytes[1] = workchain & 0xff;
  bytes.set(hash, 2);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  const base64 = btoa(String.fromCharCode(...bytes));
  return urlSafe ? base64.replace(/\+/g, '-').replace(/\//g, '_') : base64;
}

/** Same account (workchain and hash) whatever the forms and flags; false if either is not an address. */
export function addressesEqual(a: string, b: string): boolean {
  let left: TonAddress;
  let right: TonAddress;
  try {
    left = parseAddress(a);
    right = parseAddress(b);
  } catch {
    return false;
  }
  return left.workchain === right.workchain && left.hash.every((byte, i) => byte === right.hash[i]);
}
