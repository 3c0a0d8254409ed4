/**
 * TON_NETWORK is the one source of the server's network, in production too: a staging deployment
 * (production on testnet) takes wallet proofs made on testnet and refuses mainnet ones, shows wallets,
 * the treasury and payout addresses in their test-only form, checks sale addresses for testnet and
 * tells the client its network; production on mainnet the other way round.
 */
import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../server/config';
import { treasuryPaymentAddress } from '../../server/mint/wire';
import { checkTonProof, tonProofPayload } from '../../server/wallet/service';
import { appConfigFor } from '../../server/web/routes';
import { sellAddress } from '../../server/withdraw/service';
import { ValidationError } from '../../server/lib/errors';
import { type TestContext, createTestContext } from './helpers';
import { newUser } from './mint-kit';
import { PRODUCTION_ENV } from './production-env';
import { newKeys, proofBody, v4 } from './wallet-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const production = (network: 'mainnet' | 'testnet'): Config => loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: network });
/** No wallet here lacks a state init: its key is never read on chain. */
const noChainRead = async () => null;

/** A real v4r2 proof for a production deployment, made on `chain`. */
async function prove(config: Config, chain: '-3' | '-239') {
  const deps = { config, db: ctx.db, bus: ctx.bus };
  const user = await newUser(ctx);
  const keys = newKeys();
  const contract = v4(keys);
  const body = {
    ...proofBody({
      keys,
      contract,
      payload: tonProofPayload(deps, user.userId).payload,
      domain: new URL(config.publicUrl).host,
    }),
    network: chain,
  };
  return { contract, result: checkTonProof(deps, user.userId, body, noChainRead) };
}

async function refusal(promise: Promise<unknown>): Promise<ValidationError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('a staging deployment: production on testnet', () => {
  const config = production('testnet');

  it('takes a wallet proof made on testnet (-3) and shows the wallet test-only', async () => {
    const { contract, result } = await prove(config, '-3');
    const { wallet } = await result;
    expect(wallet.address).toBe(contract.address.toRawString());
    expect(wallet.friendly_address).toBe(
      contract.address.toString({ urlSafe: true, bounceable: false, testOnly: true }),
    );
    expect(wallet.friendly_address).toMatch(/^0Q/);
  });

  it('refuses a proof made on mainnet (-239)', async () => {
    const error = await refusal((await prove(config, '-239')).result);
    expect(error.errors[1]).toEqual({ path: 'network', message: 'network: this server is on testnet (-3)' });
  });

  it('asks for payment to the test-only treasury, pays out to test-only addresses and tells the client', () => {
    const treasury = Address.parseRaw(PRODUCTION_ENV.TREASURY_ADDRESS);
    expect(treasuryPaymentAddress(config)).toBe(treasury.toString({ urlSafe: true, bounceable: true, testOnly: true }));
    const to = Address.parseRaw(`0:${'ab'.repeat(32)}`);
    const testnetForm = to.toString({ urlSafe: true, bounceable: false, testOnly: true });
    expect(sellAddress(to.toRawString(), config.tonNetwork)).toBe(testnetForm);
    expect(sellAddress(testnetForm, config.tonNetwork)).toBe(testnetForm);
    expect(() => sellAddress(to.toString({ bounceable: false }), config.tonNetwork)).toThrow(ValidationError);
    expect(appConfigFor(config)).toMatchObject({ mode: 'production', tonNetwork: 'testnet' });
  });
});

describe('production on mainnet', () => {
  const config = production('mainnet');

  it('takes a proof made on mainnet and shows the wallet in its mainnet form; refuses a testnet proof', async () => {
    const { contract, result } = await prove(config, '-239');
    const { wallet } = await result;
    expect(wallet.friendly_address).toBe(contract.address.toString({ urlSafe: true, bounceable: false }));
    expect(wallet.friendly_address).toMatch(/^UQ/);
    const error = await refusal((await prove(config, '-3')).result);
    expect(error.errors[1]).toEqual({ path: 'network', message: 'network: this server is on mainnet (-239)' });
  });

  it('shows the treasury and payout addresses in their mainnet form and tells the client', () => {
    const treasury = Address.parseRaw(PRODUCTION_ENV.TREASURY_ADDRESS);
    expect(treasuryPaymentAddress(config)).toBe(treasury.toString({ urlSafe: true, bounceable: true }));
    const to = Address.parseRaw(`0:${'ab'.repeat(32)}`);
    expect(sellAddress(to.toRawString(), config.tonNetwork)).toBe(to.toString({ urlSafe: true, bounceable: false }));
    expect(() => sellAddress(to.toString({ testOnly: true }), config.tonNetwork)).toThrow(ValidationError);
    expect(appConfigFor(config)).toMatchObject({ mode: 'production', tonNetwork: 'mainnet' });
  });
});
