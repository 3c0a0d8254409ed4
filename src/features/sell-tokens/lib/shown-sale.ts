import type { WithdrawCalculation } from '@/shared/api';
import { sumShown } from '@/shared/lib/format';

/**
 * The sale's figures as the sheet shows them (docs/decisions.md "Formats", parts add up): what arrives
 * and the fee are what is paid and charged, each truncated; the TON the tokens fetch is their sum as
 * shown, so 'TON out − fee = you receive' holds on screen too. When the fee takes it all (receive 0) the
 * figures are not parts of one another and show as they are.
 */
export function shownSale(calculation: WithdrawCalculation): WithdrawCalculation {
  if (/^0*(\.0*)?$/.test(calculation.receive_amount)) return calculation;
  const tonAmount = sumShown([calculation.receive_amount, calculation.fee], 'ton');
  return tonAmount === null ? calculation : { ...calculation, ton_amount: tonAmount };
}
