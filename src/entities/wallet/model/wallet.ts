import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { interval } from 'patronum';
import { getAddressBalanceFx, tonNodeErrorText } from '@/shared/api';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { hapticErrorFx } from '@/shared/telegram';
import { showToast } from '@/shared/ui/toast';
import { shortenAddress } from '@/shared/lib/format';
import {
  connectionRestoreGaveUp,
  connectionRestored,
  TESTNET_CHAIN,
  transactionSent,
  walletStatusChanged,
  type ConnectedWalletInfo,
} from '@/shared/ton-connect';
// The wallet's connect errors toast (docs/product.md §8) wherever the wallet is used.
import './connect-errors';

/** docs/product.md §4: a disabled spinner while the saved connection is restored, then connected or not. */
export type WalletStatus = 'restoring' | 'disconnected' | 'connected';

export const BALANCE_POLL_MAX_TICKS = 30;

export const $wallet = createStore<ConnectedWalletInfo | null>(null, { serialize: 'ignore' }).on(
  walletStatusChanged,
  (_, wallet) => wallet,
);
export const $restored = createStore(false).on(connectionRestored, () => true);
export const $status = combine($wallet, $restored, (wallet, restored): WalletStatus =>
  wallet ? 'connected' : restored ? 'disconnected' : 'restoring',
);
/** The saved connection's wallet did not answer in time (the panel says so until a wallet connects). */
export const $restoreGaveUp = createStore(false)
  .on(connectionRestoreGaveUp, () => true)
  .reset(walletStatusChanged.filter({ fn: (wallet) => wallet !== null }));

/**
 * User-friendly, non-bounceable (UQ…), test-only on testnet — as wallets show it. The address code
 * (base64, CRC16) is a chunk of its own, loaded when a wallet first connects: a wallet connects only
 * after the first screen (docs/performance.md "Bundle").
 */
const friendlyAddressFx = createEffect(async (wallet: ConnectedWalletInfo) => {
  const { toFriendlyAddress } = await import('@/shared/lib/ton-address');
  return toFriendlyAddress(wallet.address, { testOnly: wallet.chain === TESTNET_CHAIN });
});
export const $friendlyAddress = createStore<string | null>(null, { serialize: 'ignore' }).reset(walletStatusChanged);
sample({ clock: walletStatusChanged, filter: Boolean, target: friendlyAddressFx });
// Only the wallet still connected: an answer for one that has gone meanwhile is dropped.
sample({
  clock: friendlyAddressFx.done,
  source: $wallet,
  filter: (wallet, { params }) => wallet === params,
  fn: (_, { result }) => result,
  target: $friendlyAddress,
});
/** The app's own display: 3 leading and 4 trailing characters (docs/product.md §2, §9). */
export const $shortAddress = $friendlyAddress.map((address) => (address ? shortenAddress(address) : null));

/** Wallet balance in nanotons (decimal string); null until read. */
export const $balanceNano = createStore<string | null>(null);
export const balanceRequested = createEvent();

const fetchBalanceFx = attach({ effect: getAddressBalanceFx });
$balanceNano.on(fetchBalanceFx.doneData, (_, balance) => balance).reset(walletStatusChanged);

sample({
  clock: [balanceRequested, $wallet.updates],
  source: $wallet,
  filter: Boolean,
  fn: (wallet) => wallet.address,
  target: fetchBalanceFx,
});

/**
 * docs/product.md §4: after a signed transaction the balance is polled every 1 s, up to 30 times, until it
 * differs from what it was when the transaction was sent.
 */
export const balancePollStarted = createEvent();
export const balancePollStopped = createEvent();

const $pollBaseline = createStore<string | null>(null);
export const $pollTicks = createStore(0);
export const $isPolling = createStore(false)
  .on(balancePollStarted, () => true)
  .on(balancePollStopped, () => false);

// Whoever asked the wallet to sign, a sent transaction moves the balance.
sample({ clock: transactionSent, fn: () => undefined, target: balancePollStarted });

const { tick } = interval({ timeout: timings.balancePollMs, start: balancePollStarted, stop: balancePollStopped });
const pollBalanceFx = attach({ effect: getAddressBalanceFx });

sample({ clock: balancePollStarted, source: $balanceNano, target: $pollBaseline });
$pollTicks.reset(balancePollStarted).on(tick, (ticks) => ticks + 1);

sample({ clock: tick, source: $wallet, filter: Boolean, fn: (wallet) => wallet.address, target: pollBalanceFx });
sample({
  clock: pollBalanceFx.doneData,
  source: { polling: $isPolling, baseline: $pollBaseline },
  filter: ({ polling, baseline }, balance) => polling && balance !== baseline,
  fn: (_, balance) => balance,
  target: [$balanceNano, balancePollStopped],
});
sample({
  clock: tick,
  source: $pollTicks,
  filter: (ticks) => ticks >= BALANCE_POLL_MAX_TICKS,
  fn: () => undefined,
  target: balancePollStopped,
});
// A disconnected wallet has nothing to poll.
sample({
  clock: walletStatusChanged,
  filter: (wallet) => wallet === null,
  fn: () => undefined,
  target: balancePollStopped,
});

/**
 * Why the last balance read failed (docs/product.md §8 "Blockchain node errors", in the user's language), or
 * null while the balance reads fine. A failed read leaves the balance shown as unavailable, not as
 * still loading; the next successful read clears it.
 */
export const $balanceError = createStore<string | null>(null, { serialize: 'ignore' });

/**
 * A failed read, and whether it opens a failure burst: the toast and the haptic error come once
 * per burst (docs/product.md §8), not once per tick of the 1 s × 30 poll; a successful read ends the burst.
 */
const balanceReadFailed = sample({
  clock: [fetchBalanceFx.failData, pollBalanceFx.failData],
  source: { t: $t, previous: $balanceError },
  fn: ({ t, previous }, error) => ({ text: tonNodeErrorText(error, t), burstStarted: previous === null }),
});
$balanceError
  .on(balanceReadFailed, (_, { text }) => text)
  .reset(fetchBalanceFx.done, pollBalanceFx.done, walletStatusChanged);

const burstStarted = balanceReadFailed.filterMap(({ text, burstStarted }) => (burstStarted ? text : undefined));
sample({
  clock: burstStarted,
  fn: (text) => ({ text, kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: burstStarted, fn: () => undefined, target: hapticErrorFx });
