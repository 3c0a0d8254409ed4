import { combine } from 'effector';
import { $mints, $mintsLoaded } from '@/entities/mint';
import { $stakes, $stakesLoaded } from '@/entities/stake';
import { $user } from '@/entities/user';
import { formatUnits } from '@/shared/api';
import { HOLDING_KINDS, holdingsValueTon, holdingUnits, tokensValueTon } from '../lib/total-value';
import { $currentPrice } from './price';

/*
 * The Total value (SPEC §2 dashboard) and its parts. Only the Total value's view (a lazy chunk,
 * ui/total-value.tsx) reads these, so they are created with it, out of the entry bundle: they derive
 * from the entities' stores and the price, which hold everything meanwhile.
 */

/**
 * Everything the user owns, in token base units by kind (lib/total-value.ts); null until the user and
 * both lists are known, so the figure never shows a part missing. Live: the balances follow
 * `user:balance`, the lists `user:mint` and `user:staking`.
 */
export const $holdingUnits = combine(
  $user,
  $mints,
  $stakes,
  $mintsLoaded,
  $stakesLoaded,
  (user, mints, stakes, mintsLoaded, stakesLoaded) =>
    user && mintsLoaded && stakesLoaded ? holdingUnits({ balances: user, mints, stakes }) : null,
);

/** The Total value: all of it at the current price (`price_update`), in TON (exact decimal text), or null. */
export const $totalValueTon = combine($holdingUnits, $currentPrice, (units, price) =>
  units && price ? holdingsValueTon(units, price.price) : null,
);

/** The parts, each in tokens and in TON at the current price (exact decimal texts); null while the total is. */
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
