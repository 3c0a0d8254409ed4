/**
 * TON addresses on the server, on @ton/core: the two forms docs/product.md §5 allows, user-friendly (48 base64 or
 * base64url characters, with its bounceable and test-only flags) and raw `workchain:hex`. A text that is
 * neither throws TonAddressError, whose message (`Wrong address <text>. <reason>`) a 422 carries.
 */
import { Address } from '@ton/core';
import type { TonNetwork } from '@contract';

export class TonAddressError extends Error {
  override readonly name = 'TonAddressError';
}

export interface ParsedTonAddress {
  address: Address;
  /** Only the friendly form carries flags; a raw address has neither. */
  flags?: { bounceable: boolean; testOnly: boolean };
}

const fail = (text: string, reason: string): never => {
  throw new TonAddressError(`Wrong address ${text}. ${reason}`);
};

/** A raw address's two parts, checked before @ton/core reads it (it says only "Unknown address type"). */
function checkRaw(text: string): void {
  const [workchain = '', hex = '', ...rest] = text.split(':');
  if (rest.length > 0) fail(text, 'Address must include ":" only once.');
  if (!/^-?\d+$/.test(workchain))
    fail(text, `WC must be an integer, but ${workchain === '' ? 'nothing' : workchain} received.`);
  const bad = [...hex].find((c) => !/[0-9a-fA-F]/.test(c));
  if (bad !== undefined) fail(text, `Hex part must be 64bytes length, but it has a non-hex character "${bad}".`);
  if (hex.length !== 64) fail(text, `Hex part must be 64bytes length, but ${hex.length} received.`);
}

/** Either form; throws TonAddressError. Input is not trimmed: callers trim what users paste. */
export function parseTonAddress(text: string): ParsedTonAddress {
  if (text.includes(':')) {
    checkRaw(text);
    return { address: Address.parseRaw(text) };
  }
  if (!Address.isFriendly(text)) {
    return fail(text, 'Expected a 48-character user-friendly address or a raw workchain:hex address.');
  }
  try {
    const { address, isBounceable, isTestOnly } = Address.parseFriendly(text);
    return { address, flags: { bounceable: isBounceable, testOnly: isTestOnly } };
  } catch (error) {
    const reason =
      error instanceof Error && /checksum/i.test(error.message) ? 'Checksum does not match.' : 'Not a TON address.';
    return fail(text, reason);
  }
}

/**
 * The one form the server shows an address in: user-friendly, non-bounceable (`UQ…` on mainnet, `0Q…` on
 * testnet), test-only on testnet — the form wallet apps show, and the safe one to fund a wallet not yet
 * deployed to. The hot wallet's (CLI and console overview) and a bound wallet's are both this.
 */
export const walletAppAddress = (address: Address, network: TonNetwork): string =>
  address.toString({ urlSafe: true, bounceable: false, testOnly: network === 'testnet' });

/** Same account (workchain and hash) whatever the forms and flags; false if either is not an address. */
export function addressesEqual(a: string, b: string): boolean {
  try {
    return parseTonAddress(a).address.equals(parseTonAddress(b).address);
  } catch {
    return false;
  }
}
