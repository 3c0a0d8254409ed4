import { sample } from 'effector';
import { type ApiFailure, type DetailErrorCode, type ErrorCode, isInvalidInitData, requestFailed } from '@/shared/api';
import { timings } from '@/shared/config';
import { $t, type MessageKey, type Translate } from '@/shared/i18n';
import { closeAppFx, hapticErrorFx } from '@/shared/telegram';
import { showToast } from '@/shared/ui/toast';

/*
 * SPEC §8, the error catalogue. Every failed call shows its text in a toast (top-left, 3 s) with a
 * haptic error, and 'Invalid WebApp init data' (code invalidInitData) closes the Mini App (Telegram hands
 * out fresh launch data on the next open). The text is chosen by the answer's stable `code`
 * (src/shared/api/contract/errors.ts), never by its English `msg`.
 */

/**
 * Each error code with its catalogue key (the template's `{params}` are the answer's `params`). A detail
 * code's key is only for an answer without a `msg`: its `msg` says more, so it is shown as written.
 * tests/unit/server-messages.test.ts holds every code the server can send to a key in both languages.
 */
export const ERROR_TEXT_KEYS = {
  notAuthenticated: 'server.notAuthenticated',
  tokenExpired: 'server.tokenExpired',
  notFound: 'server.notFound',
  internal: 'server.internal',
  userNotFound: 'server.userNotFound',
  planNotFound: 'server.planNotFound',
  mintNotFound: 'server.mintNotFound',
  stakeNotFound: 'server.stakeNotFound',
  tooManyPendingMints: 'server.tooManyPendingMints',
  onlyPendingMintCancels: 'server.onlyPendingMintCancels',
  onlyActiveMintStakes: 'server.onlyActiveMintStakes',
  insufficientFunds: 'server.insufficientFunds',
  notAMember: 'community.title',
  farmingLinkNotFound: 'server.farmingLinkNotFound',
  farmingOneSource: 'server.farmingOneSource',
  farmingOnlyActiveCancels: 'server.farmingOnlyActiveCancels',
  farmingActivationReached: 'server.farmingActivationReached',
  farmingActivationRevoked: 'server.farmingActivationRevoked',
  farmingActivationActive: 'server.farmingActivationActive',
  farmingForAuthorOnly: 'server.farmingForAuthorOnly',
  farmingOwnLink: 'server.farmingOwnLink',
  farmingAlreadyActivated: 'server.farmingAlreadyActivated',
  farmingCodeUsed: 'server.farmingCodeUsed',
  farmingLinkUsedUp: 'server.farmingLinkUsedUp',
  farmingForMeOneUse: 'server.farmingForMeOneUse',
  taskNotFound: 'server.taskNotFound',
  taskStartFirst: 'server.taskStartFirst',
  taskAlreadyStarted: 'server.taskAlreadyStarted',
  taskInReview: 'server.taskInReview',
  taskNotValidated: 'server.taskNotValidated',
  taskAlreadyClaimed: 'server.taskAlreadyClaimed',
  taskNotAMember: 'server.taskNotAMember',
  taskVisitFirst: 'server.taskVisitFirst',
  taskPhotoRequired: 'server.taskPhotoRequired',
  taskLinkRequired: 'server.taskLinkRequired',
  taskPhotoType: 'server.taskPhotoType',
  taskWrongProof: 'server.taskWrongProof',
  shareMessageFailed: 'server.shareMessageFailed',
  sellOneSource: 'server.sellOneSource',
  sellPriceChanged: 'server.sellPriceChanged',
  priceQuoteExpired: 'server.priceQuoteExpired',
  withdrawalNotFound: 'server.withdrawalNotFound',
  tonProofInvalid: 'server.tonProofInvalid',
  sellUnverifiedAddress: 'server.sellUnverifiedAddress',
  unavailable: 'server.unavailable',
  tooManyRequests: 'server.tooManyRequests',
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
  invalidInitData: 'server.invalidInitData',
  maintenance: 'server.maintenance',
  invalidRefreshToken: 'server.invalidRefreshToken',
  refreshTokenRevoked: 'server.refreshTokenRevoked',
  refreshTokenReused: 'server.refreshTokenReused',
  refreshTokenExpired: 'server.refreshTokenExpired',
  invalidAdminToken: 'server.invalidAdminToken',
  walletUnreadable: 'server.walletUnreadable',
  malformedUrl: 'server.malformedUrl',
  pathTooLong: 'server.pathTooLong',
  malformedJson: 'server.malformedJson',
  payloadTooLarge: 'error.fileTooLarge',
  unsupportedMediaType: 'server.unsupportedMediaType',
  validation: 'error.unknown',
  badRequest: 'error.unknown',
  conflict: 'error.unknown',
} as const satisfies Record<ErrorCode, MessageKey>;

const DETAIL_CODES: ReadonlySet<string> = new Set<DetailErrorCode>(['validation', 'badRequest', 'conflict']);

const keyOf = (code: string | null | undefined): MessageKey | undefined =>
  code ? (ERROR_TEXT_KEYS as Record<string, MessageKey | undefined>)[code] : undefined;

/** A code's text in the user's language with its params, or null for a code this client does not know. */
export function codeText(
  code: string | null | undefined,
  params: Readonly<Record<string, string>> | null | undefined,
  t: Translate,
): string | null {
  const key = keyOf(code);
  if (!key) return null;
  return (t as (key: MessageKey, params?: Readonly<Record<string, string>>) => string)(key, params ?? {});
}

/** The toast's text in the user's language: by the answer's code; the server's `msg` for a detail or unknown code. */
export function failureText(failure: ApiFailure, t: Translate): string {
  if (failure.kind === 'network') return t('error.network');
  if (failure.kind === 'timeout') return t('error.timeout');
  if (failure.status === 413) return t('error.fileTooLarge');
  const detail = failure.code != null && DETAIL_CODES.has(failure.code);
  if (!detail) {
    const text = codeText(failure.code, failure.params, t);
    if (text !== null) return text;
  }
  return failure.serverMessage ?? t('error.unknown');
}

sample({
  clock: requestFailed,
  source: $t,
  fn: (t, failure) => ({ text: failureText(failure, t), kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: requestFailed, fn: () => undefined, target: hapticErrorFx });
sample({ clock: requestFailed, filter: isInvalidInitData, fn: () => undefined, target: closeAppFx });
