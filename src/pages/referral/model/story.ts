import { attach, createEvent, createStore, sample } from 'effector';
import { $referralLink, $user } from '@/entities/user';
import { $locale, $t } from '@/shared/i18n';
import { hapticErrorFx, isVersionAtLeastFx } from '@/shared/telegram';
import { shareToStoryFx, STORY_MIN_VERSION } from '@/shared/telegram-platform';

/*
 * Share to story (Bot API 7.8; docs/decisions.md "Telegram's platform"): the referral screen posts the user's
 * invite as a Telegram story — the server's image of it (GET /api/story/<ref code>.png in the user's
 * language: the headline and their level, no balances), the invite line as its caption, and a link widget
 * to their referral start link. Older clients have no button. Loaded with its button, never in the entry.
 */
export const buttonMounted = createEvent();
export const storyClicked = createEvent();

/** The client can post stories (7.8 or later). */
export const $supported = createStore(false);

const checkFx = attach({ effect: isVersionAtLeastFx, mapParams: () => STORY_MIN_VERSION });
sample({ clock: buttonMounted, target: checkFx });
sample({ clock: checkFx.doneData, target: $supported });

/**
 * The story image's address: absolute, on the app's own origin, which Telegram fetches — https in production,
 * as Telegram serves Mini Apps from https URLs only.
 */
export const storyImageUrl = (refCode: string, locale: string, origin: string): string =>
  `${origin}/api/story/${encodeURIComponent(refCode)}.png?lang=${encodeURIComponent(locale)}`;

const shareFx = attach({
  effect: shareToStoryFx,
  mapParams: (story: { refCode: string; locale: string; text: string; link: string; name: string }) => ({
    mediaUrl: storyImageUrl(story.refCode, story.locale, window.location.origin),
    text: story.text,
    widgetLink: { url: story.link, name: story.name },
  }),
});

sample({
  clock: storyClicked,
  source: { user: $user, link: $referralLink, locale: $locale, t: $t, supported: $supported },
  filter: ({ user, link, supported }) => supported && user !== null && link !== null,
  fn: ({ user, link, locale, t }) => ({
    refCode: user!.ref_code,
    locale,
    text: t('referral.shareText'),
    link: link!,
    name: t('story.linkName'),
  }),
  target: shareFx,
});
// The SDK refused (an older client than it said): a buzz, as for any refused action.
sample({ clock: shareFx.fail, fn: () => undefined, target: hapticErrorFx });
