/**
 * SPEC §5 allows 2, 4 or 6 decimals; each kind of number gets one, everywhere it shows:
 * token balances and amounts 2, TON amounts 4, the token's price in TON 6, staking rewards and
 * reward rates 6 (they move per second), percentages 2.
 */
export const DECIMALS = {
  token: 2,
  ton: 4,
  price: 6,
  reward: 6,
  percent: 2,
} as const satisfies Record<string, 2 | 4 | 6>;
