import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Address, crc16 as coreCrc16 } from '@ton/core';
import { toUserFriendlyAddress } from '@tonconnect/sdk';
import { describe, expect, it } from 'vitest';
import {
  addressesEqual,
  crc16,
  isValidAddress,
  parseAddress,
  parseFriendlyAddress,
  parseRawAddress,
  toFriendlyAddress,
  toRawAddress,
  TonAddressError,
} from '@/shared/lib/ton-address';

// @ton/core is the reference here (tests only: it stays out of the client bundle, docs/foundations.md §6).

/** mulberry32: a small seeded PRNG, so every run checks the same cases. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(0x7041d);
const int = (n: number) => Math.floor(random() * n);
const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = STD.slice(0, 62) + '-_';

/** 36 friendly bytes with a correct CRC (unless told otherwise), as base64url. */
function encode(flag: number, wcByte: number, hash: Uint8Array, crcXor = 0): string {
  const bytes = new Uint8Array(36);
  bytes[0] = flag;
  bytes[1] = wcByte;
  bytes.set(hash, 2);
  const crc = crc16(bytes.subarray(0, 34)) ^ crcXor;
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return Buffer.from(bytes).toString('base64url');
}

/** What @ton/core makes of a string: null when it rejects (it sometimes throws a bare string). */
function core(text: string): { workchain: number; hash: string } | null {
  try {
    const a = Address.parse(text);
    return { workchain: a.workChain, hash: a.hash.toString('hex') };
  } catch {
    return null;
  }
}

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TonAddressError);
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

const combos = [0, -1].flatMap((workchain) =>
  [true, false].flatMap((bounceable) =>
    [true, false].flatMap((testOnly) => [true, false].map((urlSafe) => ({ workchain, bounceable, testOnly, urlSafe }))),
  ),
);

describe('crc16 (XMODEM)', () => {
  it('has the standard check value', () => {
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x31c3);
    expect(crc16(new Uint8Array())).toBe(0);
  });

  it('matches @ton/core on 500 random inputs', () => {
    for (let i = 0; i < 500; i++) {
      const bytes = randomBytes(1 + int(64));
      expect(crc16(bytes)).toBe(coreCrc16(Buffer.from(bytes)).readUInt16BE(0));
    }
  });
});

describe('valid addresses agree with @ton/core (1 024 generated)', () => {
  const cases = combos.flatMap((combo) =>
    Array.from({ length: 64 }, () => {
      const address = new Address(combo.workchain, Buffer.from(randomBytes(32)));
      return { ...combo, address, friendly: address.toString(combo) };
    }),
  );

  it('covers every flag/alphabet combination', () => {
    expect(cases).toHaveLength(1024);
    expect(new Set(cases.map((c) => JSON.stringify([c.workchain, c.bounceable, c.testOnly, c.urlSafe]))).size).toBe(16);
    // Both alphabets are really exercised, not only strings that happen to be alphanumeric.
    expect(cases.some((c) => /[-_]/.test(c.friendly))).toBe(true);
    expect(cases.some((c) => /[+/]/.test(c.friendly))).toBe(true);
  });

  it('parses friendly forms to the same workchain, hash and flags', () => {
    for (const c of cases) {
      const ours = parseFriendlyAddress(c.friendly);
      const ref = Address.parseFriendly(c.friendly);
      expect(ours.workchain).toBe(ref.address.workChain);
      expect(hex(ours.hash)).toBe(ref.address.hash.toString('hex'));
      expect(ours.bounceable).toBe(ref.isBounceable);
      expect(ours.testOnly).toBe(ref.isTestOnly);
      expect([ours.bounceable, ours.testOnly]).toEqual([c.bounceable, c.testOnly]);
    }
  });

  it('parses raw forms (lower and upper case hex) like Address.parseRaw', () => {
    for (const c of cases) {
      const raw = c.address.toRawString();
      for (const text of [raw, raw.toUpperCase()]) {
        const ours = parseRawAddress(text);
        const ref = Address.parseRaw(text);
        expect(ours.workchain).toBe(ref.workChain);
        expect(hex(ours.hash)).toBe(ref.hash.toString('hex'));
      }
    }
  });

  it('converts between forms exactly as @ton/core writes them', () => {
    for (const c of cases) {
      const raw = c.address.toRawString();
      expect(toRawAddress(c.friendly)).toBe(raw);
      expect(toRawAddress(raw.toUpperCase())).toBe(raw);
      expect(toFriendlyAddress(raw, c)).toBe(c.friendly);
      expect(toFriendlyAddress(c.friendly, c)).toBe(c.friendly);
      expect(isValidAddress(c.friendly) && isValidAddress(raw)).toBe(true);
      expect(addressesEqual(c.friendly, raw)).toBe(true);
    }
  });

  it('defaults to the non-bounceable url-safe form, like @tonconnect toUserFriendlyAddress', () => {
    for (const c of cases.slice(0, 100)) {
      const raw = c.address.toRawString();
      expect(toFriendlyAddress(raw)).toBe(toUserFriendlyAddress(raw));
      expect(toFriendlyAddress(raw, { testOnly: true })).toBe(toUserFriendlyAddress(raw, true));
    }
  });

  it('addressesEqual compares the account, not the form or flags', () => {
    const [a, b] = cases;
    const other = new Address(a!.workchain === 0 ? -1 : 0, a!.address.hash);
    const flagged = a!.address.toString({ bounceable: false, testOnly: true });
    expect(addressesEqual(a!.address.toString({ bounceable: true }), flagged)).toBe(true);
    expect(addressesEqual(a!.friendly, b!.friendly)).toBe(false);
    expect(addressesEqual(a!.address.toRawString(), other.toRawString())).toBe(false);
    expect(addressesEqual(a!.friendly, 'not an address')).toBe(false);
  });
});

describe('corrupted addresses: rejected exactly when @ton/core rejects', () => {
  const valid = () => new Address(pick([0, -1]), Buffer.from(randomBytes(32)));
  const agree = (text: string) => {
    const ref = core(text);
    expect(isValidAddress(text), text).toBe(ref !== null);
    return ref;
  };
  let count = 0;
  const rejectedByBoth = (text: string) => {
    expect(agree(text), text).toBeNull();
    count++;
  };

  it('one character flipped to another character of the same alphabet (400)', () => {
    for (let i = 0; i < 400; i++) {
      const urlSafe = i % 2 === 0;
      const text = valid().toString({ urlSafe, bounceable: random() < 0.5, testOnly: random() < 0.5 });
      const at = int(48);
      const alphabet = urlSafe ? URL_SAFE : STD;
      let replacement = pick([...alphabet]);
      while (replacement === text[at]) replacement = pick([...alphabet]);
      rejectedByBoth(text.slice(0, at) + replacement + text.slice(at + 1));
    }
  });

  it('wrong length: a character dropped or added, or other lengths (200)', () => {
    for (let i = 0; i < 200; i++) {
      const text = valid().toString({ urlSafe: random() < 0.5 });
      const at = int(48);
      const variants = [
        text.slice(0, at) + text.slice(at + 1),
        text.slice(0, at) + pick([...URL_SAFE.slice(0, 62)]) + text.slice(at),
        text.slice(0, 44),
        text + 'AAAA',
      ];
      rejectedByBoth(variants[i % variants.length]!);
    }
  });

  it('bad CRC (150)', () => {
    for (let i = 0; i < 150; i++) {
      rejectedByBoth(encode(pick([0x11, 0x51, 0x91, 0xd1]), pick([0, 0xff]), randomBytes(32), 1 + int(0xffff)));
    }
  });

  it('bad flag byte with a correct CRC (150)', () => {
    const bad = Array.from({ length: 256 }, (_, b) => b).filter((b) => ![0x11, 0x51, 0x91, 0xd1].includes(b));
    for (let i = 0; i < 150; i++) rejectedByBoth(encode(pick(bad), pick([0, 0xff]), randomBytes(32)));
  });

  it('invalid characters and padding (100)', () => {
    for (let i = 0; i < 100; i++) {
      const text = valid().toString();
      const at = int(48);
      rejectedByBoth(text.slice(0, at) + pick(['=', '!', ' ', '.', '%', 'é']) + text.slice(at + 1));
    }
  });

  it('raw: 63/65 hex characters, a non-hex character, a missing colon (300)', () => {
    for (let i = 0; i < 300; i++) {
      const raw = valid().toRawString();
      const [wc, h] = raw.split(':') as [string, string];
      const at = int(64);
      const variants = [
        `${wc}:${h.slice(1)}`,
        `${wc}:${h}${pick([...'0123456789abcdef'])}`,
        `${wc}:${h.slice(0, at)}${pick([...'ghxyzGZ -.'])}${h.slice(at + 1)}`,
        `${wc}${h}`,
        h,
        `${wc};${h}`,
      ];
      rejectedByBoth(variants[i % variants.length]!);
    }
  });

  it('ran at least 1 000 corrupted cases', () => {
    expect(count).toBeGreaterThanOrEqual(1000);
  });

  // Where docs/product.md §5 is stricter than @ton/core: core accepts these, we must not.
  describe('documented differences (docs/product.md §5 wins)', () => {
    const coreAcceptsWeReject = (text: string, message: RegExp) => {
      expect(core(text), text).not.toBeNull();
      expect(isValidAddress(text)).toBe(false);
      expect(errorOf(() => parseAddress(text))).toMatch(message);
    };

    it('friendly workchain byte other than 0x00/0xff (core reads it as workchain 1, 2, …)', () => {
      for (const wcByte of [0x01, 0x02, 0x7f, 0x80, 0xfe]) {
        coreAcceptsWeReject(encode(0x11, wcByte, randomBytes(32)), /WC must be eq 0 or -1, but -?\d+ received\.$/);
      }
      expect(errorOf(() => parseFriendlyAddress(encode(0x51, 1, randomBytes(32))))).toMatch(/but 1 received\.$/);
      expect(errorOf(() => parseFriendlyAddress(encode(0x51, 0xfe, randomBytes(32))))).toMatch(/but -2 received\.$/);
    });

    it('raw workchain other than exactly "0" or "-1" (core parses 1, -2, "00", "+0")', () => {
      const h = hex(randomBytes(32));
      for (const wc of ['1', '-2', '2', '00', '+0']) {
        coreAcceptsWeReject(`${wc}:${h}`, /WC must be eq 0 or -1/);
      }
    });

    it('a second colon (core ignores what follows it)', () => {
      coreAcceptsWeReject(`0:${hex(randomBytes(32))}:junk`, /Address must include ":" only once\.$/);
    });

    it('a mix of base64 and base64url characters (core normalises it)', () => {
      let mixed: string | undefined;
      while (!mixed) {
        const std = valid().toString({ urlSafe: false });
        const i = std.search(/[+/]/);
        const j = std.slice(i + 1).search(/[+/]/) + i + 1;
        if (i < 0 || j <= i) continue;
        mixed = std.slice(0, j) + (std[j] === '+' ? '-' : '_') + std.slice(j + 1);
      }
      coreAcceptsWeReject(mixed, /Mixes the base64 and base64url alphabets\.$/);
    });
  });
});

describe('error texts', () => {
  const h = 'ab'.repeat(32);

  it('raw form: @tonconnect/sdk wording', () => {
    expect(errorOf(() => parseRawAddress(h))).toBe(`Wrong address ${h}. Address must include ":".`);
    expect(errorOf(() => parseRawAddress(`0:${h}:`))).toBe(
      `Wrong address 0:${h}:. Address must include ":" only once.`,
    );
    expect(errorOf(() => parseRawAddress(`1:${h}`))).toBe(
      `Wrong address 1:${h}. WC must be eq 0 or -1, but 1 received.`,
    );
    expect(errorOf(() => parseRawAddress(`:${h}`))).toBe(
      `Wrong address :${h}. WC must be eq 0 or -1, but nothing received.`,
    );
    expect(errorOf(() => parseRawAddress(`0:${h.slice(1)}`))).toBe(
      `Wrong address 0:${h.slice(1)}. Hex part must be 64bytes length, but 63 received.`,
    );
    expect(errorOf(() => parseRawAddress(`-1:${h}0`))).toBe(
      `Wrong address -1:${h}0. Hex part must be 64bytes length, but 65 received.`,
    );
    const bad = `0:${h.slice(0, 10)}g${h.slice(11)}`;
    expect(errorOf(() => parseRawAddress(bad))).toBe(
      `Wrong address ${bad}. Hex part must be 64bytes length, but it has a non-hex character "g".`,
    );
  });

  it('the catalogue fragments of docs/product.md §8 appear verbatim', () => {
    expect(errorOf(() => parseRawAddress('x'))).toMatch(/^Wrong address x\. Address must include ":"/);
    expect(errorOf(() => parseRawAddress(`-2:${h}`))).toContain('WC must be eq 0 or -1');
    expect(errorOf(() => parseRawAddress('0:ab'))).toContain('Hex part must be 64bytes length');
  });

  it('friendly form', () => {
    const hash = randomBytes(32);
    const good = encode(0x11, 0, hash);
    expect(errorOf(() => parseFriendlyAddress(good.slice(1)))).toBe(
      `Wrong address ${good.slice(1)}. Friendly form must be 48 characters, but 47 received.`,
    );
    const star = `${good.slice(0, 5)}*${good.slice(6)}`;
    expect(errorOf(() => parseFriendlyAddress(star))).toBe(
      `Wrong address ${star}. Invalid base64 character "*" at position 5.`,
    );
    const badCrc = encode(0x11, 0, hash, 1);
    expect(errorOf(() => parseFriendlyAddress(badCrc))).toBe(`Wrong address ${badCrc}. Checksum does not match.`);
    const badFlag = encode(0x12, 0, hash);
    expect(errorOf(() => parseFriendlyAddress(badFlag))).toBe(
      `Wrong address ${badFlag}. Unknown flag byte 0x12, expected 0x11 or 0x51 (| 0x80 for test-only).`,
    );
    expect(errorOf(() => parseAddress('EQshort'))).toBe(
      'Wrong address EQshort. Expected a 48-character user-friendly address or a raw workchain:hex address.',
    );
  });

  it('isValidAddress refuses non-strings', () => {
    expect(isValidAddress(undefined)).toBe(false);
    expect(isValidAddress(42)).toBe(false);
    expect(isValidAddress('')).toBe(false);
  });
});

describe('bundle budget', () => {
  it('the client modules never import @ton/core or @ton/crypto', () => {
    for (const dir of ['src/shared/lib/ton-address', 'src/shared/api/ton-node']) {
      for (const file of readdirSync(resolve(dir))) {
        expect(readFileSync(resolve(dir, file), 'utf8'), `${dir}/${file}`).not.toMatch(/from '@ton\//);
      }
    }
  });
});
