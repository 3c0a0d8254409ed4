import { attach, createEvent, createStore, sample } from 'effector';
import type { FarmingLink } from '@/shared/api';
import { farmLink, timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { copyTextFx } from '@/shared/lib/clipboard';
import { hapticErrorFx, openTelegramLinkFx, telegramShareLink } from '@/shared/telegram';
import { showToast } from '@/shared/ui/toast';

/** Copy the farm link of this activation code. */
export const copyClicked = createEvent<string>();
/** Send the farm link of this activation code to a chat through Telegram's share sheet. */
export const shareClicked = createEvent<string>();

/** The farm link modal (docs/product.md §2): a link just made, with its code(s) to copy or share. */
export const farmLinkShown = createEvent<FarmingLink>();
export const farmLinkModalClosed = createEvent();
export const $shownLink = createStore<FarmingLink | null>(null)
  .on(farmLinkShown, (_, link) => link)
  .reset(farmLinkModalClosed);

const copyLinkFx = attach({ effect: copyTextFx });
const openShareFx = attach({ effect: openTelegramLinkFx });

sample({ clock: copyClicked, fn: farmLink, target: copyLinkFx });
sample({
  clock: copyLinkFx.done,
  source: $t,
  fn: (t) => ({ text: t('farming.linkCopied'), kind: 'success' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({
  clock: copyLinkFx.fail,
  source: $t,
  fn: (t) => ({ text: t('farming.copyFailed'), kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
// docs/product.md §8: every error toast comes with a haptic error.
sample({ clock: copyLinkFx.fail, fn: () => undefined, target: hapticErrorFx });

sample({
  clock: shareClicked,
  source: $t,
  fn: (t, code) => telegramShareLink(farmLink(code), t('farming.shareText')),
  target: openShareFx,
});
