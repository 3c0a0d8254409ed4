import { sample } from 'effector';
import { timings } from '../config';
import { $t, type Translate } from '../i18n';
import { closeAppFx, hapticErrorFx } from '../telegram';
import { showToast } from '../ui/toast';
import { isAuthFailure, isInvalidInitData, type ApiFailure } from './errors';
import { requestFailed } from './request';
import { accessTokenRemoved, loggedOut, refreshTokenRemoved } from './session';

/*
 * SPEC §8, the error catalogue. Every failed call shows its text in a toast (top-left, 3 s) with a
 * haptic error; 401/403 drop the access token, and 'Invalid WebApp init data' closes the Mini App
 * (Telegram hands out fresh launch data on the next open); a failed refresh ends the session.
 */

/** The toast's text: the server's `msg` as the server wrote it, or the catalogue's text in the user's language. */
export function failureText(failure: ApiFailure, t: Translate): string {
  if (failure.kind === 'network') return t('error.network');
  if (failure.kind === 'timeout') return t('error.timeout');
  if (failure.status === 413) return t('error.fileTooLarge');
  return failure.serverMessage ?? t('error.unknown');
}

sample({
  clock: requestFailed,
  source: $t,
  fn: (t, failure) => ({ text: failureText(failure, t), kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: requestFailed, fn: () => undefined, target: hapticErrorFx });
sample({ clock: requestFailed, filter: isAuthFailure, fn: () => undefined, target: accessTokenRemoved });
sample({ clock: requestFailed, filter: isInvalidInitData, fn: () => undefined, target: closeAppFx });
sample({
  clock: requestFailed,
  filter: (failure) => failure.refreshFailed === true,
  fn: () => undefined,
  target: [refreshTokenRemoved, loggedOut],
});
