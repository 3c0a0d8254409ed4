import { attach, createEvent, sample } from 'effector';
import { $wallet } from '@/entities/wallet';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { hapticErrorFx } from '@/shared/telegram';
import {
  sendTransactionFx,
  transactionFailed,
  transactionSent,
  type TransactionMessage,
  type WalletFeature,
} from '@/shared/ton-connect';
import { showToast } from '@/shared/ui/toast';

/** docs/product.md §5 and §9 limits (the texts are the i18n catalogue's 'wallet.*' and 'transaction.*'). */
export const TRANSACTION_VALIDITY_SECONDS = 60;
/** Wallets that only say 'SendTransaction' are the older ones: at most 4 messages per transfer. */
const LEGACY_MAX_MESSAGES = 4;

/** How many messages the wallet says it can sign at once (0: it cannot send at all). */
export function maxMessages(features: WalletFeature[]): number {
  let max = 0;
  for (const feature of features) {
    if (feature === 'SendTransaction') max = Math.max(max, LEGACY_MAX_MESSAGES);
    else if (typeof feature === 'object' && feature.name === 'SendTransaction') {
      max = Math.max(max, feature.maxMessages ?? LEGACY_MAX_MESSAGES);
    }
  }
  return max;
}

/**
 * Ask the connected wallet to sign and send. The outcome is shared/ton-connect's `transactionSent`
 * or `transactionFailed`, where the entities that care (mint, stake, wallet) react to it.
 */
export const transactionRequested = createEvent<{ messages: TransactionMessage[] }>();

const sendFx = attach({
  effect: sendTransactionFx,
  // The network is the server's, which the connector names in every transaction (shared/ton-connect).
  mapParams: ({ messages }: { messages: TransactionMessage[] }) => ({
    validUntil: Math.floor(Date.now() / 1000) + TRANSACTION_VALIDITY_SECONDS,
    messages,
  }),
});

const checked = sample({
  clock: transactionRequested,
  source: { wallet: $wallet, t: $t },
  fn: ({ wallet, t }, { messages }) => {
    if (!wallet) return { ok: false as const, text: t('wallet.required') };
    const max = maxMessages(wallet.features);
    if (messages.length > max) {
      return { ok: false as const, text: t('wallet.tooManyMessages', { count: max, needed: messages.length }) };
    }
    return { ok: true as const, request: { messages } };
  },
});

const refused = checked.filterMap((result) => (result.ok ? undefined : result.text));
sample({
  clock: refused,
  fn: (text) => ({ text, kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: refused, fn: () => undefined, target: hapticErrorFx });

sample({ clock: checked.filterMap((result) => (result.ok ? result.request : undefined)), target: sendFx });

sample({
  clock: transactionSent,
  source: $t,
  fn: (t) => ({ text: t('transaction.processing'), kind: 'info' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});

sample({
  clock: transactionFailed,
  fn: ({ text }) => ({ text, kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: transactionFailed, fn: () => undefined, target: hapticErrorFx });

export const $isSending = sendFx.pending;
