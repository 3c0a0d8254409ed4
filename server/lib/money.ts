/**
 * Money is integers (docs/foundations.md §3): nanotons for TON, base units for the token, both with 9 decimals.
 * The wire carries exact decimal strings in whole units (docs/foundations.md §7); the two conversions between
 * the worlds are the contract's, so the client and the server read amounts by the same rule.
 */
export { MONEY_DECIMALS as DECIMALS, MoneyFormatError, formatUnits, parseUnits } from '@contract';
