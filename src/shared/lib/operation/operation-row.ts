import type { Operation, OperationType } from '../../api';
import type { Locale, MessageKey } from '../../i18n';
import { formatTokens, formatTon, MINUS } from '../format';

/*
 * What one row of the operations history says (docs/decisions.md "Operations history"): its title, the
 * amount with its sign and unit (docs/product.md §5: TON with 4 decimals, tokens with 2, truncated), where the money
 * sits, and the balance left when a balance changed.
 */

const TITLES = {
  mint_paid: 'history.mintPaid',
  farming_mint: 'history.farmingMint',
  stake_started: 'history.stakeStarted',
  sandbox_grant: 'history.sandboxGrant',
  mint_matured: 'history.mintMatured',
  staking_principal: 'history.stakingPrincipal',
  staking_reward: 'history.stakingReward',
  referral_reward: 'history.referralReward',
  task_reward: 'history.taskReward',
  farming_link: 'history.farmingLink',
  farming_refund: 'history.farmingRefund',
  withdrawal: 'history.withdrawal',
  withdrawal_refund: 'history.withdrawalRefund',
} as const satisfies Record<Exclude<OperationType, 'referral_transfer'>, MessageKey>;

const ACCOUNTS = {
  balance_token: 'history.accountMain',
  referral_balance: 'history.accountReferral',
  task_balance: 'history.accountTask',
} as const satisfies Record<NonNullable<Operation['account']>, MessageKey>;

/** Where the money of an operation that changed no balance is. */
const PLACES = {
  mint_paid: 'history.fromWallet',
  farming_mint: 'history.inMint',
  stake_started: 'history.inStake',
} as const satisfies Partial<Record<OperationType, MessageKey>>;

/** The titles and places are plain texts (no placeholders): the view translates them as they are. */
export type OperationTitleKey =
  (typeof TITLES)[keyof typeof TITLES] | 'history.movedFromReferral' | 'history.movedToMain';
export type OperationPlaceKey = (typeof ACCOUNTS)[keyof typeof ACCOUNTS] | (typeof PLACES)[keyof typeof PLACES];

/** A transfer is two entries: out of the referral balance, into the main one. */
export function operationTitle(operation: Operation): OperationTitleKey {
  if (operation.type === 'referral_transfer') {
    return operation.direction === 'in' ? 'history.movedFromReferral' : 'history.movedToMain';
  }
  return TITLES[operation.type];
}

/** `+1 250.50 TKN`, `−1.5000 TON`; no sign when the money only moved within the user's holdings (a stake). */
export function operationAmount(operation: Operation, locale: Locale): string {
  const sign = operation.direction === 'in' ? '+' : operation.direction === 'out' ? MINUS : '';
  return (
    sign + (operation.unit === 'TON' ? formatTon(operation.amount, locale) : formatTokens(operation.amount, locale))
  );
}

/**
 * The mint or stake it belongs to, by the public id its card shows (`#K7F3QX2M`), or null: the row ids
 * behind other operations are not shown (docs/decisions.md "Names and ids").
 */
export const operationRef = (operation: Operation): string | null =>
  operation.ref_code === null ? null : `#${operation.ref_code}`;

/** The balance that changed, or where the money is when no balance did (a wallet, a mint, a stake). */
export function operationPlace(operation: Operation): OperationPlaceKey | null {
  if (operation.account) return ACCOUNTS[operation.account];
  return operation.type in PLACES ? PLACES[operation.type as keyof typeof PLACES] : null;
}
