import { attach, combine, createEvent, createStore, merge, sample } from 'effector';
import { debounce } from 'patronum';
import { mintMovedToStaking, mintUpdated } from '@/entities/mint';
import { stakeUpdated } from '@/entities/stake';
import { balanceUpdated } from '@/entities/user';
import { formatUnits, type Holdings } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { createQuery } from '@/shared/lib/query';
import { sumShown } from '@/shared/lib/format';
import { HOLDING_KINDS, type HoldingKind, holdingUnits, tokensValueTon } from '../lib/total-value';
import { $currentPrice } from './price';

/*
 * The Total value (docs/product.md §2 dashboard) and its parts. Only the Total value's view (a lazy chunk,
 * ui/total-value-parts.tsx) reads these, so they are created with it, out of the entry bundle.
 */

/** The view is on screen: read the holdings (and keep them fresh while it stays). */
export const totalValueShown = createEvent();

/** GET /user/holdings: what the user owns by where it sits, read by the server at one moment. */
export const readHoldingsFx = callFx('holdings');
const holdings = createQuery({
  effect: attach({ effect: readHoldingsFx, mapParams: () => undefined }),
  initial: null as Holdings | null,
});
/** The first read has settled (answered or not): until then the figure is a skeleton, not a dash. */
export const $holdingsSettled = holdings.$settled;
const $shown = createStore(false).on(totalValueShown, () => true);

// Any push that moves a holding (a balance, a mint paid or staked, a stake started or finished) is read
// again from the server, once for a burst of them (a settlement pushes a balance and a stake together).
const moved = debounce(
  merge([balanceUpdated, mintUpdated, mintMovedToStaking, stakeUpdated]),
  timings.holdingsRefetchMs,
);
sample({ clock: totalValueShown, target: holdings.start });
sample({ clock: moved, source: $shown, filter: Boolean, fn: () => undefined, target: holdings.start });

/**
 * Everything the user owns, in token base units by kind (lib/total-value.ts); null until the server
 * has answered, so the figure never shows a part missing. Live: re-read on every push that moves one.
 */
export const $holdingUnits = holdings.$data.map((answer) => (answer ? holdingUnits(answer) : null));

/** The parts, each in tokens and in TON at the current price (exact decimal texts); null until both are known. */
export const $holdings = combine($holdingUnits, $currentPrice, (units, price) =>
  units && price
    ? units.map((part, i) => {
        const tokens = formatUnits(part);
        return { kind: HOLDING_KINDS[i] as HoldingKind, tokens, ton: tokensValueTon(tokens, price.price) ?? '0' };
      })
    : null,
);

/**
 * The Total value at the current price (`price_update`), in TON, or null: the sum of its parts as they are
 * shown (each truncated to TON's 4 decimals), so the parts a tap shows add up to it on screen
 * (docs/decisions.md "Formats"). It is at most the exact worth, and under it by less than 0.0005 TON.
 */
export const $totalValueTon = $holdings.map((parts) =>
  parts
    ? sumShown(
        parts.map((part) => part.ton),
        'ton',
      )
    : null,
);
