import { attach, combine, createEvent, createStore, sample, scopeBind } from 'effector';
import { $boundWallet, $communityMember, walletBound } from '@/entities/user';
import { $wallet } from '@/entities/wallet';
import { timings } from '@/shared/config';
import type { TonProofCheckBody, TonProofCheckResult } from '@/shared/api';
import { callFx } from '@/shared/call';
import {
  createTonConnectFx,
  setConnectRequestFx,
  walletStatusChanged,
  type ConnectedWalletInfo,
  type ConnectProofRequest,
  type TonProof,
} from '@/shared/ton-connect';

/**
 * Wallet ownership (docs/foundations.md §8): every connect asks the wallet for a ton_proof of a
 * payload the server issued; a fresh connection's proof goes to the server, which binds the wallet to
 * the user. A restored connection carries no proof and keeps the binding it had (/user/me's `wallet`).
 */

/** Ask for a fresh payload (refresh, after a proof used one, after a disconnect). */
export const payloadRequested = createEvent();

/** GET /wallet/ton-proof/payload and POST /wallet/ton-proof. */
export const fetchPayloadFx = callFx('tonProofPayload');
export const checkFx = callFx('tonProofCheck');

const $libraryReady = createStore(false).on(createTonConnectFx.done, () => true);
/** The server issues payloads to members only (it refuses anyone else's user-data calls). */
const $canAsk = combine($libraryReady, $communityMember, (ready, member) => ready && member === true);

/** The payload the next connect request carries (null: none yet, or the server could not issue one). */
export const $payload = createStore<string | null>(null);

sample({ clock: $canAsk.updates, filter: Boolean, fn: () => undefined, target: payloadRequested });
sample({ clock: payloadRequested, source: $canAsk, filter: Boolean, fn: () => undefined, target: fetchPayloadFx });

// While it is on its way a connect waits for it (the wallet modal shows its loader); without one the
// wallet is asked for its address only, so a server that cannot issue payloads never blocks connecting.
sample({ clock: fetchPayloadFx, fn: (): ConnectProofRequest => ({ state: 'loading' }), target: setConnectRequestFx });
$payload.on(fetchPayloadFx.doneData, (_, answer) => answer?.payload ?? null).on(fetchPayloadFx.fail, () => null);
sample({
  clock: [fetchPayloadFx.doneData, fetchPayloadFx.fail],
  source: $payload,
  fn: (payload): ConnectProofRequest => (payload ? { state: 'ready', payload } : null),
  target: setConnectRequestFx,
});

// Refreshed before it expires while a connect may still use it; a connected wallet needs none. A
// detached timer (not a pending effect), so nothing waits on it; its id is the scope's (each forked
// scope has its own), not the module's.
const $refreshTimer = createStore<ReturnType<typeof setTimeout> | null>(null, { serialize: 'ignore' });
const scheduleRefreshFx = attach({
  source: $refreshTimer,
  effect: (timer, ms: number | null) => {
    clearTimeout(timer ?? undefined);
    return ms === null ? null : setTimeout(scopeBind(payloadRequested, { safe: true }), ms);
  },
});
$refreshTimer.on(scheduleRefreshFx.doneData, (_, timer) => timer);
sample({
  clock: fetchPayloadFx.done,
  source: $wallet,
  filter: (wallet) => wallet === null,
  fn: () => timings.proofPayloadRefreshMs,
  target: scheduleRefreshFx,
});
sample({ clock: walletStatusChanged, filter: (wallet) => wallet !== null, fn: () => null, target: scheduleRefreshFx });

// ---- a fresh connection's proof --------------------------------------------------------------------

type ProvedWallet = ConnectedWalletInfo & { tonProof: TonProof };
const proofReceived = sample({
  clock: walletStatusChanged,
  filter: (wallet): wallet is ProvedWallet => wallet !== null && wallet.tonProof !== null,
});
sample({
  clock: proofReceived,
  fn: (wallet): { body: TonProofCheckBody } => ({
    body: {
      address: wallet.address,
      network: wallet.chain,
      ...(wallet.publicKey ? { public_key: wallet.publicKey } : {}),
      proof: { ...wallet.tonProof, state_init: wallet.walletStateInit },
    },
  }),
  target: checkFx,
});
export const $isChecking = checkFx.pending;
// A refusal is the error catalogue's toast ('Your wallet could not prove it is yours…'); the binding stays.
sample({
  clock: checkFx.doneData.filter({ fn: (answer): answer is TonProofCheckResult => answer !== null }),
  fn: (answer) => answer.wallet,
  target: walletBound,
});
// The payload is used now (or refused): the next connect needs a fresh one; so does one after a disconnect.
sample({
  clock: [checkFx.finally, walletStatusChanged.filter({ fn: (wallet) => wallet === null })],
  fn: () => undefined,
  target: payloadRequested,
});

/** The connected wallet is the one the user proved to hold (the panel's "Verified" mark). */
export const $walletVerified = combine(
  $wallet,
  $boundWallet,
  (wallet, bound) => wallet !== null && bound !== null && wallet.address.toLowerCase() === bound.address.toLowerCase(),
);
