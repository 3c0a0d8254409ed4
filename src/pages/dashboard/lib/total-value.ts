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

/** What a user owns, by where it sits (the dashboard's Total value parts, in this order). */
export const HOLDING_KINDS = ['main', 'referral', 'task', 'staked', 'minting'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];

/** The token amounts that make up the total (decimal texts), as the client holds them. */
export interface HoldingSources {
  balances: { balance_token: string; referral_balance: string; task_balance: string };
  /** The user's mints: the active ones hold their amount_token until they complete or are staked. */
  mints: ReadonlyArray<{ status: string; amount_token: string }>;
  /** The user's stakes: one not completed holds its total_amount (paid back on completion). */
  stakes: ReadonlyArray<{ status: string; total_amount: string }>;
}

const sum = (units: bigint[]) => units.reduce((total, unit) => total + unit, 0n);

/**
 * Everything the user owns, in token base units, by HOLDING_KINDS: the three balances, the staked
 * tokens and the active mints' tokens. Rewards not yet paid (a stake's earnings, a mint's growth to
 * expected_token) are not counted: they are the user's only when paid, and then they are in the main
 * balance. Null when an amount is bad.
 */
export function holdingUnits({ balances, mints, stakes }: HoldingSources): bigint[] | null {
  try {
    return [
      parseUnits(balances.balance_token),
      parseUnits(balances.referral_balance),
      parseUnits(balances.task_balance),
      sum(stakes.filter((stake) => stake.status !== 'completed').map((stake) => parseUnits(stake.total_amount))),
      sum(mints.filter((mint) => mint.status === 'active').map((mint) => parseUnits(mint.amount_token))),
    ];
  } catch {
    return null;
  }
}

/** Their worth at `priceTon`, in all: the tokens summed, then priced (floored once). */
export const holdingsValueTon = (units: bigint[], priceTon: string) =>
  tokensValueTon(formatUnits(sum(units)), priceTon);
