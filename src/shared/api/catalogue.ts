import { sample } from 'effector';
import { timings } from '../config';
import { $t, type MessageKey, type Translate } from '../i18n';
import { closeAppFx, hapticErrorFx } from '../telegram';
import { showToast } from '../ui/toast';
import {
  INVALID_INIT_DATA_MSG,
  MAINTENANCE_ON_DETAIL,
  SERVER_MESSAGES,
  VALIDATION_MESSAGES,
  matchText,
} from './contract/constants';
import { isAuthFailure, isInvalidInitData, type ApiFailure } from './errors';
import { requestFailed } from './request';
import type { TonNodeError } from './ton-node/errors';
import { accessTokenRemoved, loggedOut, refreshTokenRemoved } from './session';

/*
 * SPEC §8, the error catalogue. Every failed call shows its text in a toast (top-left, 3 s) with a
 * haptic error; 401/403 drop the access token, and 'Invalid WebApp init data' closes the Mini App
 * (Telegram hands out fresh launch data on the next open); a failed refresh ends the session.
 */

/**
 * The server's own texts (contract/constants.ts SERVER_MESSAGES, and the gates' and sign-in's), each
 * with its catalogue key, so a Russian user reads them in Russian. Anything else the server says is
 * shown as written.
 */
export const SERVER_TEXT_KEYS = {
  [SERVER_MESSAGES.notAuthenticated]: 'server.notAuthenticated',
  [SERVER_MESSAGES.tokenExpired]: 'server.tokenExpired',
  [SERVER_MESSAGES.notFound]: 'server.notFound',
  [SERVER_MESSAGES.internal]: 'server.internal',
  [SERVER_MESSAGES.userNotFound]: 'server.userNotFound',
  [SERVER_MESSAGES.planNotFound]: 'server.planNotFound',
  [SERVER_MESSAGES.mintNotFound]: 'server.mintNotFound',
  [SERVER_MESSAGES.stakeNotFound]: 'server.stakeNotFound',
  [SERVER_MESSAGES.tooManyPendingMints]: 'server.tooManyPendingMints',
  [SERVER_MESSAGES.onlyPendingMintCancels]: 'server.onlyPendingMintCancels',
  [SERVER_MESSAGES.onlyActiveMintStakes]: 'server.onlyActiveMintStakes',
  [SERVER_MESSAGES.insufficientFunds]: 'server.insufficientFunds',
  [SERVER_MESSAGES.notAMember]: 'community.title',
  [SERVER_MESSAGES.farmingLinkNotFound]: 'server.farmingLinkNotFound',
  [SERVER_MESSAGES.farmingOneSource]: 'server.farmingOneSource',
  [SERVER_MESSAGES.farmingOnlyActiveCancels]: 'server.farmingOnlyActiveCancels',
  [SERVER_MESSAGES.farmingActivationReached]: 'server.farmingActivationReached',
  [SERVER_MESSAGES.farmingActivationRevoked]: 'server.farmingActivationRevoked',
  [SERVER_MESSAGES.farmingActivationActive]: 'server.farmingActivationActive',
  [SERVER_MESSAGES.farmingForAuthorOnly]: 'server.farmingForAuthorOnly',
  [SERVER_MESSAGES.farmingOwnLink]: 'server.farmingOwnLink',
  [SERVER_MESSAGES.farmingForMeOneUse]: 'server.farmingForMeOneUse',
  [SERVER_MESSAGES.taskNotFound]: 'server.taskNotFound',
  [SERVER_MESSAGES.taskStartFirst]: 'server.taskStartFirst',
  [SERVER_MESSAGES.taskAlreadyStarted]: 'server.taskAlreadyStarted',
  [SERVER_MESSAGES.taskInReview]: 'server.taskInReview',
  [SERVER_MESSAGES.taskNotValidated]: 'server.taskNotValidated',
  [SERVER_MESSAGES.taskAlreadyClaimed]: 'server.taskAlreadyClaimed',
  [SERVER_MESSAGES.taskNotAMember]: 'server.taskNotAMember',
  [SERVER_MESSAGES.taskVisitFirst]: 'server.taskVisitFirst',
  [SERVER_MESSAGES.taskPhotoRequired]: 'server.taskPhotoRequired',
  [SERVER_MESSAGES.taskLinkRequired]: 'server.taskLinkRequired',
  [SERVER_MESSAGES.taskPhotoType]: 'server.taskPhotoType',
  [SERVER_MESSAGES.taskWrongProof]: 'server.taskWrongProof',
  [SERVER_MESSAGES.shareMessageFailed]: 'server.shareMessageFailed',
  [SERVER_MESSAGES.sellOneSource]: 'server.sellOneSource',
  [SERVER_MESSAGES.sellPriceChanged]: 'server.sellPriceChanged',
  [SERVER_MESSAGES.withdrawalNotFound]: 'server.withdrawalNotFound',
  [SERVER_MESSAGES.tonProofInvalid]: 'server.tonProofInvalid',
  [SERVER_MESSAGES.sellUnverifiedAddress]: 'server.sellUnverifiedAddress',
  [SERVER_MESSAGES.unavailable]: 'server.unavailable',
  [SERVER_MESSAGES.tooManyRequests]: 'server.tooManyRequests',
  [INVALID_INIT_DATA_MSG]: 'server.invalidInitData',
  [MAINTENANCE_ON_DETAIL]: 'server.maintenance',
} as const satisfies Record<string, MessageKey>;

/** The validation templates (422), each with its catalogue sentence (same `{params}`). */
export const VALIDATION_TEXT_KEYS = {
  amountRequired: 'validation.amountRequired',
  amountNegative: 'validation.amountNegative',
  amountExponent: 'validation.amountExponent',
  amountDecimals: 'validation.amountDecimals',
  amountFormat: 'validation.amountFormat',
  amountTooLarge: 'validation.amountTooLarge',
  amountTooLong: 'validation.amountTooLong',
  amountTooSmall: 'validation.amountTooSmall',
  amountPositive: 'validation.amountPositive',
  amountAtLeast: 'validation.amountAtLeast',
  amountAtMost: 'validation.amountAtMost',
  wholeNumber: 'validation.wholeNumber',
  taskReferralsNeeded: 'validation.taskReferralsNeeded',
  taskVisitWait: 'validation.taskVisitWait',
  taskLinkHost: 'validation.taskLinkHost',
  taskLinkInvalid: 'validation.taskLinkInvalid',
  sellAtLeast: 'validation.sellAtLeast',
  addressNetwork: 'validation.addressNetwork',
  addressBasechain: 'validation.addressBasechain',
} as const satisfies Record<keyof typeof VALIDATION_MESSAGES, MessageKey>;

/** A 422's text in the user's language when it is one of the templates ('page: ' field names dropped). */
function validationSentence(text: string, t: Translate): string | null {
  const detail = text.replace(/^[A-Za-z_][\w.[\]]*: /, '');
  for (const [name, key] of Object.entries(VALIDATION_TEXT_KEYS)) {
    const params = matchText(VALIDATION_MESSAGES[name as keyof typeof VALIDATION_MESSAGES], detail);
    if (params) return (t as (key: MessageKey, params?: Record<string, string>) => string)(key, params);
  }
  return null;
}

type ServerTextKey = (typeof SERVER_TEXT_KEYS)[keyof typeof SERVER_TEXT_KEYS];

const serverTextKey = (text: string): ServerTextKey | undefined =>
  (SERVER_TEXT_KEYS as Record<string, ServerTextKey | undefined>)[text];

/** A text the server wrote (a `msg`, an activation status's `message`) in the user's language. */
export function serverText(text: string, t: Translate): string {
  const key = serverTextKey(text);
  if (key) return t(key);
  return validationSentence(text, t) ?? text;
}

/** The toast's text in the user's language: the catalogue's, or the server's `msg` as written. */
export function failureText(failure: ApiFailure, t: Translate): string {
  if (failure.kind === 'network') return t('error.network');
  if (failure.kind === 'timeout') return t('error.timeout');
  if (failure.status === 413) return t('error.fileTooLarge');
  if (failure.serverMessage === null) return t('error.unknown');
  return serverText(failure.serverMessage, t);
}

/**
 * SPEC §8 "Blockchain node errors" in the user's language, by the kind the node client classified:
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
