/**
 * The sandbox treasury: a wallet v4r2 whose key pair comes from a constant, public seed, so anyone
 * can sign for it in the sandbox (like the sandbox bot token) and no key needs storing. The dev chain
 * deploys and funds it on first start (service.ensureSandboxTreasury).
 */
import { createHash } from 'node:crypto';
import { type KeyPair, keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';

/** Public on purpose: sandbox coins are worth nothing. */
export const SANDBOX_TREASURY_SEED_TEXT = 'ton-token-mini-app sandbox treasury v1';

let cached: { keyPair: KeyPair; wallet: WalletContractV4 } | undefined;

function treasury() {
  if (!cached) {
    const keyPair = keyPairFromSeed(createHash('sha256').update(SANDBOX_TREASURY_SEED_TEXT).digest());
    cached = { keyPair, wallet: WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey }) };
  }
  return cached;
}

export const sandboxTreasuryKeyPair = (): KeyPair => treasury().keyPair;

export const sandboxTreasuryWallet = (): WalletContractV4 => treasury().wallet;

/** Friendly form (bounceable, url-safe), as config.treasuryAddress holds it. */
export const sandboxTreasuryAddress = (): string => treasury().wallet.address.toString();
