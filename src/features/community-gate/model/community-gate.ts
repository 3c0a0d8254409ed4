import { createEvent, createStore, sample } from 'effector';
import { $communityMember } from '@/entities/user';
import { appConfig } from '@/shared/config';
import { openTelegramLinkFx, reloadFx } from '@/shared/telegram';

/**
 * SPEC §1/§6: use is blocked until the user has joined the product's community. The modal opens the
 * community link; once the user has been there, 'Done' reloads the app, which re-checks membership.
 */
export const joinClicked = createEvent();
export const doneClicked = createEvent();

export const $isBlocked = $communityMember.map((member) => member === false);
export const $joinLinkOpened = createStore(false).on(openTelegramLinkFx.done, () => true);

sample({ clock: joinClicked, fn: () => appConfig.communityUrl, target: openTelegramLinkFx });
sample({ clock: doneClicked, fn: () => undefined, target: reloadFx });
