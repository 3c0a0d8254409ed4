import { formatUnits, MONEY_DECIMALS, parseUnits, type Holdings } from '@/shared/api';

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

/** What a user owns, by where it sits (the dashboard's Total value parts, in this order). */
export const HOLDING_KINDS = ['main', 'referral', 'task', 'staked', 'minting'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];

/**
 * Everything the user owns, in token base units, by HOLDING_KINDS, from GET /user/holdings (the three
 * balances, the staked tokens, the active mints' tokens; rewards not yet paid are not counted). Null
 * when an amount is bad.
 */
export function holdingUnits(holdings: Holdings): bigint[] | null {
  try {
    return [
      parseUnits(holdings.balance_token),
      parseUnits(holdings.referral_balance),
      parseUnits(holdings.task_balance),
      parseUnits(holdings.staked),
      parseUnits(holdings.minting),
    ];
  } catch {
    return null;
  }
}
