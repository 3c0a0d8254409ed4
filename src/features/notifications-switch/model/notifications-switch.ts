import { combine, createEvent, createStore, sample } from 'effector';
import { userModel } from '@/entities/user';
import { callFx } from '@/shared/call';

/**
 * The user's switch for the bot's messages outside the app (docs/decisions.md "Notifications"): the
 * state is /user/me's `notifications_enabled`; a toggle is PATCH /user/notifications, whose answer
 * becomes the user's state. The switch shows the state asked for while the call runs and is disabled
 * meanwhile; a failed call (its toast is the error catalogue's, as for every call) leaves the user's
 * state as it was, so the switch returns to it.
 *
 * This model loads with the Info sheet's chunk, not with the entry (docs/performance.md "Bundle"): nothing
 * reacts to it before the sheet is shown, and the user's state it reads is the entry's.
 */
export const toggled = createEvent<boolean>();

/** PATCH /user/notifications. */
export const switchNotificationsFx = callFx('notifications');

export const $pending = switchNotificationsFx.pending;
/** The state asked for while its call runs; null otherwise. */
const $asked = createStore<boolean | null>(null)
  .on(switchNotificationsFx, (_, parts) => parts?.body?.enabled ?? null)
  .reset(switchNotificationsFx.finally);

/** On until the user says otherwise (the server's default), also before the user is known. */
export const $enabled = combine($asked, userModel.$user, (asked, user) => asked ?? user?.notifications_enabled ?? true);

sample({
  clock: toggled,
  filter: $pending.map((pending) => !pending),
  fn: (enabled) => ({ body: { enabled } }),
  target: switchNotificationsFx,
});

// The answer is the user's state now. The entity's store is updated from here rather than through an
// event of its own: the entity is in the entry, which has no room to spare, and only this chunk sets it.
userModel.$user.on(switchNotificationsFx.doneData, (user, answer) =>
  user && answer ? { ...user, notifications_enabled: answer.notifications_enabled } : user,
);
