/** The sockets' messages: server → client events on /api/ws/ and on /api/ws/candles. */
import { z } from 'zod';
import { farmingLinkSchema } from './farming/schemas';
import { mintSchema } from './mint/schemas';
import { currentCandleSchema, priceUpdateSchema } from './price/schemas';
import { stakeSchema } from './staking/schemas';
import { taskSchema } from './tasks/schemas';
import { balancesSchema } from './user/schemas';
import { withdrawalSchema } from './withdraw/schemas';

/** `user:balance` carries the balances and bonuses (docs/product.md §7). */
export const userBalanceEventSchema = balancesSchema.omit({
  collective_bonus: true,
});

/** Server → client messages on /api/ws/, by event name. Later issues add their events here. */
export const socketEventSchemas = {
  'user:balance': userBalanceEventSchema,
  'global:collective_bonus': z.object({ collective_bonus: z.number() }),
  /** A mint changed status (active, canceled, completed, move_to_staking): the whole mint; its status says which. */
  'user:mint': mintSchema,
  /** A stake was created, its rates changed (earned_reward moved forward) or it completed. */
  'user:staking': stakeSchema,
  /** One of the user's tasks changed (started, validated, sent to review, approved, rejected, claimed). */
  'user:task': taskSchema,
  /** One of the user's withdrawals was queued or changed status (sending, completed, failed, refunded). */
  'user:withdrawal': withdrawalSchema,
  /**
   * The user's referrals changed: a friend signed up with the user's code (`joined`), or a friend's paid
   * mint added to the turnover and credited the reward (`mint`). The referral screen reads its list again.
   */
  'user:referral': z.object({ reason: z.enum(['joined', 'mint']) }),
  /** Someone activated one of the user's farming links: the link with its uses counted (its status may be exhausted). */
  'user:farming_link': farmingLinkSchema,
  /** Every price tick (docs/product.md §7). */
  price_update: priceUpdateSchema,
  /**
   * The server may have missed events for this socket (its cross-process listener reconnected): the
   * client refetches what it shows (user, balances, lists) instead of trusting pushes it may have lost.
   */
  resync: z.object({}),
} as const;

/** Server → client messages on /api/ws/candles, by event name (docs/product.md §7: current_candle). */
export const candleSocketEventSchemas = {
  current_candle: currentCandleSchema,
} as const;

export type UserBalanceEvent = z.output<typeof userBalanceEventSchema>;
/** Server → client socket messages, by event name. */
export type SocketEvents = {
  [K in keyof typeof socketEventSchemas]: z.output<(typeof socketEventSchemas)[K]>;
};
export type SocketEventName = keyof SocketEvents;
/** Server → client messages on the candles socket. */
export type CandleSocketMessage = {
  event: 'current_candle';
  data: z.output<typeof currentCandleSchema>;
};
export type SocketMessage = {
  [K in SocketEventName]: { event: K; data: SocketEvents[K] };
}[SocketEventName];
