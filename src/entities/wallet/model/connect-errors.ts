import { sample } from 'effector';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { hapticErrorFx } from '@/shared/telegram';
import { connectErrorReceived, libraryErrorText, trackingEventReceived } from '@/shared/ton-connect';
import { showToast } from '@/shared/ui/toast';

/** The library's text when the user closes the wallets modal without connecting (docs/product.md §8 widget). */
export const CONNECTION_CANCELLED = 'Connection was cancelled';

const cancelledByUser = (detail: unknown): boolean =>
  typeof detail === 'object' &&
  detail !== null &&
  (detail as { error_message?: unknown }).error_message === CONNECTION_CANCELLED;

/*
 * docs/product.md §8: every error shows a toast and a haptic error, the wallet's connect errors included. A
 * wallet's reply is shown as the wallet worded it ('Connection declined' when it gave no words).
 * The closed modal is reported by the library only as a tracking event, and docs/product.md §8 lists it among
 * the errors, so it toasts too; the other connection-error tracking events repeat what the error
 * subscriber already reported and are not shown twice.
 */
const connectFailed = sample({
  clock: connectErrorReceived,
  source: $t,
  fn: (t, message) => libraryErrorText(message) || t('wallet.connectDeclined'),
});
const connectCancelled = sample({
  clock: trackingEventReceived,
  source: $t,
  filter: (_, { action, detail }) => action === 'connection-error' && cancelledByUser(detail),
  fn: (t) => t('wallet.connectCancelled'),
});

sample({
  clock: [connectFailed, connectCancelled],
  fn: (text) => ({ text, kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: [connectFailed, connectCancelled], fn: () => undefined, target: hapticErrorFx });
