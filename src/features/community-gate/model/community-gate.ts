import { createEffect, createEvent, createStore, sample } from 'effector';
import { $communityMember, userLoaded } from '@/entities/user';
import { appConfig } from '@/shared/config';
import { openTelegramLinkFx, reloadFx } from '@/shared/telegram';

/**
 * docs/product.md §1/§6: use is blocked until the user has joined the product's community. The modal opens the
 * community link; once the user has been there, 'Done' reloads the app, which re-checks membership.
 */
export const joinClicked = createEvent();
export const doneClicked = createEvent();

export const $isBlocked = $communityMember.map((member) => member === false);
export const $joinLinkOpened = createStore(false).on(openTelegramLinkFx.done, () => true);

/**
 * 'Done' reloads the app (docs/product.md §2); the press is remembered for that reload, so if the user is still
 * not a member the modal can say so instead of looking as if nothing happened.
 */
const DONE_PRESSED_KEY = 'community.done_pressed';

const session = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export const rememberDoneFx = createEffect(() => session()?.setItem(DONE_PRESSED_KEY, '1'));
export const readDonePressedFx = createEffect(() => session()?.getItem(DONE_PRESSED_KEY) === '1');
export const forgetDoneFx = createEffect(() => session()?.removeItem(DONE_PRESSED_KEY));

/** Done was pressed before this launch and the user is still not a member. */
export const $stillNotJoined = createStore(false);

sample({ clock: joinClicked, fn: () => appConfig.communityUrl, target: openTelegramLinkFx });
sample({ clock: doneClicked, target: rememberDoneFx });
sample({ clock: rememberDoneFx.finally, fn: () => undefined, target: reloadFx });

sample({
  clock: userLoaded,
  filter: (user) => !user.community_participation,
  fn: () => undefined,
  target: readDonePressedFx,
});
$stillNotJoined.on(readDonePressedFx.doneData, (_, pressed) => pressed);
sample({
  clock: userLoaded,
  filter: (user) => user.community_participation,
  fn: () => undefined,
  target: forgetDoneFx,
});
$stillNotJoined.reset(forgetDoneFx, joinClicked);
