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

const sumUnits = (texts: readonly string[]) => texts.reduce((sum, text) => sum + parseUnits(text), 0n);

/**
 * Everything the user owns in tokens — the three balances, the staked tokens and the active mints'
 * tokens — and its worth at `priceTon`, part by part and in all. Rewards not yet paid (a stake's
 * earnings, a mint's growth to expected_token) are not counted: they are the user's only when paid,
 * and then they are in the main balance. The total is the sum of all tokens times the price (floored
 * once), so it may exceed the sum of the parts' floored TON by a nanoton. Null when an amount is bad.
 */
export function holdingsValue(sources: HoldingSources, priceTon: string): Holdings | null {
  try {
    const { balances, mints, stakes } = sources;
    const units: Record<HoldingKind, bigint> = {
      main: parseUnits(balances.balance_token),
      referral: parseUnits(balances.referral_balance),
      task: parseUnits(balances.task_balance),
      staked: sumUnits(
        stakes.filter((s) => s.status === 'active' || s.status === 'pending').map((s) => s.total_amount),
      ),
      minting: sumUnits(mints.filter((m) => m.status === 'active').map((m) => m.amount_token)),
    };
    const price = parseUnits(priceTon);
    const worth = (tokens: bigint) => formatUnits((tokens * price) / SCALE);
    const total = HOLDING_KINDS.reduce((sum, kind) => sum + units[kind], 0n);
    return {
      parts: HOLDING_KINDS.map((kind) => ({ kind, tokens: formatUnits(units[kind]), ton: worth(units[kind]) })),
      tokens: formatUnits(total),
      ton: worth(total),
    };
  } catch {
    return null;
  }
}
