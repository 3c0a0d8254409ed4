import { sample } from 'effector';
import type { Translate } from '../i18n';
import { isAuthFailure } from './errors';
import { requestFailed } from './request';
import type { TonNodeError } from './ton-node/errors';
import { accessTokenRemoved, loggedOut, refreshTokenRemoved } from './session';

/*
 * The transport's own answers to a failed call (docs/product.md §8): 401/403 drop the access token, and a failed
 * refresh ends the session. What the user reads (toast, haptic, closing the app on bad launch data) is
 * the app's: src/app/model/errors.ts, which picks each text by the answer's error code.
 */

/**
 * docs/product.md §8 "Blockchain node errors" in the user's language, by the kind the node client classified:
 * response not ok, malformed response, get-method exit code, unsupported state; a node that did
 * not answer reads as the API's network and timeout errors do.
 */
export function tonNodeErrorText(error: unknown, t: Translate): string {
  // By name, not instanceof: the class stays in the node client's chunk, out of the entry.
  if (!(error instanceof Error) || error.name !== 'TonNodeError') return t('error.unknown');
  const { kind, exitCode, state } = error as TonNodeError;
  switch (kind) {
    case 'response-not-ok':
      return t('error.nodeResponseNotOk');
    case 'malformed-response':
      return t('error.nodeMalformedResponse');
    case 'exit-code':
      return t('error.nodeExitCode', { code: String(exitCode ?? '?') });
    case 'unsupported-state':
      return t('error.nodeUnsupportedState', { state: state ?? '?' });
    case 'timeout':
      return t('error.timeout');
    case 'network':
      return t('error.network');
  }
}

sample({ clock: requestFailed, filter: isAuthFailure, fn: () => undefined, target: accessTokenRemoved });
sample({
  clock: requestFailed,
  filter: (failure) => failure.refreshFailed === true,
  fn: () => undefined,
  target: [refreshTokenRemoved, loggedOut],
});
