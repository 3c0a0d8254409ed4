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

export interface HoldingPart {
  kind: HoldingKind;
  /** Tokens, exact decimal text. */
  tokens: string;
  /** Their worth at the price, TON, exact decimal text (floored to a nanoton). */
  ton: string;
}

export interface Holdings {
  parts: HoldingPart[];
  tokens: string;
  ton: string;
}

/** The token amounts that make up the total (decimal texts), as the client holds them. */
export interface HoldingSources {
  balances: { balance_token: string; referral_balance: string; task_balance: string };
  /** The user's mints: the active ones hold their amount_token until they complete or are staked. */
  mints: ReadonlyArray<{ status: string; amount_token: string }>;
  /** The user's stakes: a pending or active one holds its total_amount until it completes. */
  stakes: ReadonlyArray<{ status: string; total_amount: string }>;
}

/**
 * Everything the user owns in tokens — the three balances, the staked tokens and the active mints'
 * tokens — and its worth at `priceTon`, part by part and in all. Rewards not yet paid (a stake's
 * earnings, a mint's growth to expected_token) are not counted: they are the user's only when paid,
 * and then they are in the main balance. The total is the sum of all tokens times the price (floored
 * once), so it may exceed the sum of the parts' floored TON by a nanoton. Null when an amount is bad.
 */
export function holdingsValue({ balances, mints, stakes }: HoldingSources, priceTon: string): Holdings | null {
  try {
    const sum = (texts: string[]) => texts.reduce((total, text) => total + parseUnits(text), 0n);
    const units = [
      parseUnits(balances.balance_token),
      parseUnits(balances.referral_balance),
      parseUnits(balances.task_balance),
      sum(stakes.filter((stake) => stake.status !== 'completed').map((stake) => stake.total_amount)),
      sum(mints.filter((mint) => mint.status === 'active').map((mint) => mint.amount_token)),
    ];
    const price = parseUnits(priceTon);
    const worth = (tokens: bigint) => ({ tokens: formatUnits(tokens), ton: formatUnits((tokens * price) / SCALE) });
    return {
      parts: units.map((tokens, i) => ({ kind: HOLDING_KINDS[i] as HoldingKind, ...worth(tokens) })),
      ...worth(units.reduce((total, tokens) => total + tokens, 0n)),
    };
  } catch {
    return null;
  }
}
