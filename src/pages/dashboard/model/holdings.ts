import { combine } from 'effector';
import { formatUnits } from '@/shared/api';
import { HOLDING_KINDS, tokensValueTon } from '../lib/total-value';
import { $holdingUnits } from './dashboard';
import { $currentPrice } from './price';

/**
 * The Total value's parts, each in tokens and in TON at the current price (exact decimal texts);
 * null while the total is. Only the parts list (a lazy chunk) reads it, so it stays out of the entry.
 */
export const $holdings = combine($holdingUnits, $currentPrice, (units, price) =>
  units && price
    ? units.map((units, i) => {
        const tokens = formatUnits(units);
        return {
          kind: HOLDING_KINDS[i] as (typeof HOLDING_KINDS)[number],
          tokens,
          ton: tokensValueTon(tokens, price.price) ?? '0',
        };
      })
    : null,
);
