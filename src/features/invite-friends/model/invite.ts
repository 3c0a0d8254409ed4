import { attach, createEvent, sample } from 'effector';
import { or } from 'patronum';
import { $referralLink } from '@/entities/user';
import type { ShareMessage } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { copyTextFx } from '@/shared/lib/clipboard';
import {
  hapticErrorFx,
  isVersionAtLeastFx,
  openTelegramLinkFx,
  SHARE_MESSAGE_MIN_VERSION,
  shareMessageFx,
  telegramShareLink,
} from '@/shared/telegram';
import { showToast } from '@/shared/ui/toast';

/**
 * The referral screen's Invite Friends and copy-link buttons (docs/product.md §2, §9). Invite: on Telegram 8.0
 * or later the server prepares an inline message with a button to the referral link and Telegram's
 * own dialog sends it (WebApp.shareMessage); older clients get t.me/share/url with the link and a
 * text. Copy: the link to the clipboard, with the text-area fallback of shared/lib/clipboard.
 */
export const inviteClicked = createEvent();
export const copyLinkClicked = createEvent();

const checkVersionFx = attach({ effect: isVersionAtLeastFx, mapParams: () => SHARE_MESSAGE_MIN_VERSION });
/** POST /user/share-message: the prepared message to share. */
export const prepareMessageFx = callFx('shareMessage');
const shareFx = attach({ effect: shareMessageFx });
const openShareLinkFx = attach({ effect: openTelegramLinkFx });
const copyFx = attach({ effect: copyTextFx });

/**
 * From the press until the message is prepared: the button waits for the server. Not while
 * Telegram's dialog is open: that is the host's, and a host that never answers must not leave the
 * button spinning.
 */
export const $isInviting = or(checkVersionFx.pending, prepareMessageFx.pending);

sample({
  clock: inviteClicked,
  source: { link: $referralLink, busy: $isInviting },
  filter: ({ link, busy }) => link !== null && !busy,
  fn: () => undefined,
  target: checkVersionFx,
});

// Telegram 8.0+: the prepared message's id goes to the host's share dialog.
sample({
  clock: checkVersionFx.doneData,
  filter: (supported) => supported,
  fn: () => undefined,
  target: prepareMessageFx,
});
// A 5xx resolves to null: the error catalogue has said so, nothing opens.
const prepared = prepareMessageFx.doneData.filter({ fn: (message): message is ShareMessage => message !== null });
sample({ clock: prepared, fn: (message) => message.inline_message_id, target: shareFx });

// Older clients: Telegram's share link, with the referral link and a line about it.
sample({
  clock: checkVersionFx.doneData,
  source: { link: $referralLink, t: $t },
  filter: ({ link }, supported) => !supported && link !== null,
  fn: ({ link, t }) => telegramShareLink(link as string, t('referral.shareText')),
  target: openShareLinkFx,
});

// The host refused to open its dialog (e.g. one is already open): said like the server's failure.
const shareFailed = sample({ clock: shareFx.fail, source: $t, fn: (t) => t('server.shareMessageFailed') });

sample({ clock: copyLinkClicked, source: $referralLink, filter: Boolean, target: copyFx });
sample({
  clock: copyFx.done,
  source: $t,
  fn: (t) => ({ text: t('referral.linkCopied'), kind: 'success' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
const copyFailed = sample({ clock: copyFx.fail, source: $t, fn: (t) => t('referral.copyFailed') });

const failed = sample({ clock: [shareFailed, copyFailed] });
sample({
  clock: failed,
  fn: (text) => ({ text, kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: failed, fn: () => undefined, target: hapticErrorFx });
