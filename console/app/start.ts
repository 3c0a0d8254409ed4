import { createEffect, createEvent, sample } from 'effector';
import { sessionStarted } from '@console/entities/session';
import { operatorRequestFailed, type ApiFailure } from '@console/shared/api';
import { timings } from '@shared/config';
import { $consoleT, consoleLanguageDetected, type ConsoleTranslate } from '@console/shared/i18n';
import { attachConsoleHistoryFx } from '@console/shared/routing';
import {
  applyThemeFx,
  expandFx,
  getLaunchParams,
  readyFx,
  subscribeHostEventsFx,
  themeChanged,
} from '@shared/telegram';
import { showToast } from '@shared/ui/toast';

/** The console's one start (docs/style.md §1): launch data, language, theme, router, sign-in. */
export const consoleStarted = createEvent();

export const readLaunchParamsFx = createEffect(getLaunchParams);

sample({ clock: consoleStarted, target: [readLaunchParamsFx, attachConsoleHistoryFx] });
sample({ clock: readLaunchParamsFx.doneData, fn: ({ languageCode }) => languageCode, target: consoleLanguageDetected });
sample({ clock: readLaunchParamsFx.doneData, fn: ({ initData }) => ({ initData }), target: sessionStarted });
// Inside Telegram: ready, full height, the host's theme and its changes (outside it these do nothing).
sample({
  clock: readLaunchParamsFx.doneData,
  filter: ({ initData }) => initData !== '',
  target: [readyFx, expandFx, applyThemeFx, subscribeHostEventsFx],
});
sample({ clock: themeChanged, target: applyThemeFx });

/**
 * A failed call's toast (docs/product.md §8, 3 s): the server's message as sent, or the transport's text. A refused
 * session (401/403) shows none: the console signs in again by itself, or says why it cannot.
 */
export function failureText(failure: ApiFailure, t: ConsoleTranslate): string | null {
  if (failure.kind === 'network') return t('error.network');
  if (failure.kind === 'timeout') return t('error.timeout');
  if (failure.status === 401 || failure.status === 403) return null;
  return failure.serverMessage ?? failure.message ?? t('error.unknown');
}

sample({
  clock: operatorRequestFailed,
  source: $consoleT,
  filter: (t, failure) => failureText(failure, t) !== null,
  fn: (t, failure) => ({
    text: failureText(failure, t) as string,
    kind: 'error' as const,
    durationMs: timings.errorToastMs,
  }),
  target: showToast,
});
