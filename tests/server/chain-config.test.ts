/** TREASURY_ADDRESS: validated with @ton/core, normalised, defaulted to the sandbox treasury in sandbox only. */
import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import {
  sandboxTreasuryAddress,
  sandboxTreasuryKeyPair,
  sandboxTreasuryWallet,
} from '../../server/sandbox/chain/treasury';
import { ConfigError, SANDBOX_TREASURY_ADDRESS, loadConfig } from '../../server/config';
import { PRODUCTION_ENV } from './production-env';

const RAW = `0:${'ab'.repeat(32)}`;
const FRIENDLY = Address.parseRaw(RAW).toString({ urlSafe: true, bounceable: true });

describe('treasury address setting', () => {
  it('defaults to the sandbox treasury in sandbox and is required in production', () => {
    expect(loadConfig({}).treasuryAddress).toBe(sandboxTreasuryAddress());
    const { TREASURY_ADDRESS: _omitted, ...withoutTreasury } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutTreasury)).toThrow(/TREASURY_ADDRESS is required in production/);
  });

  it('accepts any address form and keeps the bounceable url-safe one', () => {
    const nonBounceable = Address.parseRaw(RAW).toString({ bounceable: false });
    const standardBase64 = Address.parseRaw(RAW).toString({ urlSafe: false });
    for (const form of [RAW, FRIENDLY, nonBounceable, standardBase64, ` ${RAW} `]) {
      expect(loadConfig({ MODE: 'sandbox', TREASURY_ADDRESS: form }).treasuryAddress).toBe(FRIENDLY);
      expect(loadConfig({ ...PRODUCTION_ENV, TREASURY_ADDRESS: form }).treasuryAddress).toBe(FRIENDLY);
    }
  });

  it('refuses what is not an address, naming the setting', () => {
    for (const bad of ['treasury', '0:abc', `${FRIENDLY.slice(0, -1)}A`]) {
      expect(() => loadConfig({ TREASURY_ADDRESS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ TREASURY_ADDRESS: bad })).toThrow(/TREASURY_ADDRESS/);
    }
  });

  it('derives the sandbox treasury from a fixed public seed', () => {
    const { publicKey } = sandboxTreasuryKeyPair();
    expect(sandboxTreasuryWallet().publicKey).toEqual(publicKey);
    expect(Address.parse(sandboxTreasuryAddress()).equals(sandboxTreasuryWallet().address)).toBe(true);
    // Stable across releases: a changed seed would orphan every sandbox database's treasury.
    expect(sandboxTreasuryAddress()).toBe('EQC5z_Y8Fc8hsNzaMi9PbBEE6pwvuCP6jm01k6omUwfSgtSX');
    // The config's sandbox default is this wallet, written as a constant so config.ts loads no sandbox code.
    expect(SANDBOX_TREASURY_ADDRESS).toBe(sandboxTreasuryAddress());
  });
});
