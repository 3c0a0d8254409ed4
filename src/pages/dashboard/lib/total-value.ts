import { formatUnits, MONEY_DECIMALS, parseUnits } from '@/shared/api';

const SCALE = 10n ** BigInt(MONEY_DECIMALS);

/**
 * What `tokens` are worth at `priceTon` TON per token, in TON, exactly: both decimal strings are
 * multiplied in base units and the product floored to 9 decimals (no float anywhere). Null when
 * either is not an amount.
 */
export function tokensValueTon(tokens: string, priceTon: string): string | null {
  try {
    return formatUnits((parseUnits(tokens) * parseUnits(priceTon)) / SCALE);
  } catch {
    return null;
  }
}
