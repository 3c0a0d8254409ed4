import type { TonNetwork } from '@/shared/api';
import { parseAddress, toRawAddress, TonAddressError } from '@/shared/lib/ton-address';

/** Why the destination cannot take the TON, by the address module's findings (SPEC §5 address rules). */
export type AddressProblem =
  /** Neither 48 characters (friendly) nor workchain:hex (raw). */
  | { kind: 'length' }
  /** A friendly address whose checksum does not match: a typo. */
  | { kind: 'checksum' }
  /** A raw address whose workchain is not 0 or -1 (or a friendly one on another workchain). */
  | { kind: 'workchain' }
  /** A raw address whose part after ':' is not 64 hex characters. */
  | { kind: 'hex' }
  /** Anything else the module refuses (a character outside base64, an unknown flag, a second ':'). */
  | { kind: 'invalid' }
  /** A friendly address flagged for the other network (test-only on mainnet, or not on testnet). */
  | { kind: 'network'; network: TonNetwork };

/**
 * Checks a destination with the address module (src/shared/lib/ton-address): both SPEC §5 forms, the
 * checksum, and — for a friendly address, whose test-only flag says which network it is meant for — the
 * network this server pays on. A raw address carries no flag and is taken on either network. Empty text
 * is not a problem to show (Confirm stays off until an address is there). The module's messages are
 * @tonconnect/sdk's English wording; the kind is what the modal says, in the user's language.
 */
export function addressProblem(text: string, network: TonNetwork): AddressProblem | null {
  const address = text.trim();
  if (address === '') return null;
  let parsed: ReturnType<typeof parseAddress>;
  try {
    parsed = parseAddress(address);
  } catch (error) {
    if (!(error instanceof TonAddressError)) throw error;
    const message = error.message;
    if (message.includes('Checksum')) return { kind: 'checksum' };
    if (message.includes('WC must be')) return { kind: 'workchain' };
    if (message.includes('Hex part')) return { kind: 'hex' };
    if (message.includes('Friendly form must be') || message.includes('Expected a 48-character'))
      return { kind: 'length' };
    return { kind: 'invalid' };
  }
  if ('testOnly' in parsed && parsed.testOnly !== (network === 'testnet')) return { kind: 'network', network };
  return null;
}

/** A valid destination → its raw form `0:<64 lowercase hex>` (to compare with the verified wallet). */
export function rawAddress(text: string): string {
  return toRawAddress(text.trim());
}
