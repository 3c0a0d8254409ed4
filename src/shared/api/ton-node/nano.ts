import { formatUnits } from '@contract/money';

/**
 * Nanotons → TON as exact decimal text for display (docs/product.md §7: balance in nano units divided by 1e9),
 * without floats: TON and the token share 9 decimals, so the contract's conversion serves. Throws a
 * TypeError on anything but an integer string or bigint.
 */
export function nanoToTon(nano: string | bigint): string {
  if (typeof nano === 'string' && !/^-?\d+$/.test(nano)) {
    throw new TypeError(`Not a nanoton amount: "${nano}"`);
  }
  return formatUnits(BigInt(nano));
}
