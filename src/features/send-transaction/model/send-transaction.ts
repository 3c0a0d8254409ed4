import { attach, createEvent, sample } from 'effector';
import { $wallet } from '@/entities/wallet';
import { timings } from '@/shared/config';
import { hapticErrorFx } from '@/shared/telegram';
import {
  sendTransactionFx,
  transactionFailed,
  transactionSent,
  type TransactionMessage,
  type WalletFeature,
} from '@/shared/ton-connect';
import { showToast } from '@/shared/ui/toast';

/** SPEC §5 and §9 texts and limits. */
export const WALLET_REQUIRED_TEXT = 'Connect wallet to send a transaction.';
export const PROCESSING_TEXT = 'Transaction is being processed';
export const TRANSACTION_VALIDITY_SECONDS = 60;
/** Wallets that only say 'SendTransaction' are the older ones: at most 4 messages per transfer. */
const LEGACY_MAX_MESSAGES = 4;

export const tooManyMessagesText = (count: number, max: number) =>
  `Your wallet can send at most ${max} message${max === 1 ? '' : 's'} at once, this needs ${count}.`;

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
  mapParams: ({ messages, network }: { messages: TransactionMessage[]; network: string }) => ({
    validUntil: Math.floor(Date.now() / 1000) + TRANSACTION_VALIDITY_SECONDS,
    messages,
    network,
  }),
});

const checked = sample({
  clock: transactionRequested,
  source: $wallet,
  fn: (wallet, { messages }) => {
    if (!wallet) return { ok: false as const, text: WALLET_REQUIRED_TEXT };
    const max = maxMessages(wallet.features);
    if (messages.length > max) return { ok: false as const, text: tooManyMessagesText(messages.length, max) };
    return { ok: true as const, request: { messages, network: wallet.chain } };
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
  fn: () => ({ text: PROCESSING_TEXT, kind: 'info' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});

sample({
  clock: transactionFailed,
  fn: ({ text }) => ({ text, kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: transactionFailed, fn: () => undefined, target: hapticErrorFx });

export const $isSending = sendFx.pending;
