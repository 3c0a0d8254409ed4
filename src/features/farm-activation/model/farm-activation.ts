import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { mintUpdated } from '@/entities/mint';
import { $communityMember, $user } from '@/entities/user';
import type { FarmingActivationStatus, Mint } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { farmCodeOf } from '@/shared/lib/start-param';
import { showToast } from '@/shared/ui/toast';
import { rememberCodeCheckedFx, wasCodeCheckedFx, type CheckedCode } from './checked-codes';

/**
 * Farm activation (docs/product.md §2, §4; docs/foundations.md §7). A farm code comes with the launch: `?farm_code=` in
 * the page's query or a `farm_<code>` start parameter. Once the user is signed in and a community
 * member, the code's status is read (a pure read) and shown in the farm activation modal; Activate
 * makes the mint. Each code is checked once per device, for each account on it.
 */
export const launched = createEvent<{ startParam: string | null }>();
export const activateClicked = createEvent();
export const modalClosed = createEvent();

/** The page's query string at launch (`?farm_code=…`). */
export const readLaunchQueryFx = createEffect(() => (typeof window === 'undefined' ? '' : window.location.search));

const inspectLaunchFx = attach({
  effect: readLaunchQueryFx,
  mapParams: (_: { startParam: string | null }) => undefined,
});
const wasCheckedFx = attach({ effect: wasCodeCheckedFx });
const rememberFx = attach({ effect: rememberCodeCheckedFx });

/** A launch is looked at once, whatever signs in again later (a retry, a refetch). */
const $launchInspected = createStore(false).on(inspectLaunchFx, () => true);
sample({
  clock: launched,
  source: $launchInspected,
  filter: (inspected) => !inspected,
  fn: (_, launch) => launch,
  target: inspectLaunchFx,
});

const codeFound = inspectLaunchFx.done.filterMap(
  ({ params, result }) => farmCodeOf(result, params.startParam) ?? undefined,
);

/** The launch's code, waiting for a signed-in member (whose device memory says whether it is news). */
export const $pendingCode = createStore<string | null>(null).on(codeFound, (_, code) => code);

const $isMember = $communityMember.map((member) => member === true);
const $telegramId = $user.map((user) => user?.telegram_id ?? null);

// Once the code is known and the user is a member, whichever comes last: has this account checked it here?
const memberKnown = sample({
  clock: [$pendingCode, $isMember],
  source: { code: $pendingCode, member: $isMember, telegramId: $telegramId },
  filter: ({ code, member, telegramId }) => code !== null && member && telegramId !== null,
  fn: ({ code, telegramId }): CheckedCode => ({ code: code as string, telegramId: telegramId as number }),
});
$pendingCode.reset(memberKnown);
sample({ clock: memberKnown, target: wasCheckedFx });
/** The code being checked for the signed-in account. */
const $checking = createStore<CheckedCode | null>(null).on(memberKnown, (_, checked) => checked);
const checkDue = wasCheckedFx.done.filterMap(({ params, result }) => (result ? undefined : params.code));

/** GET /farming/activation-status. */
export const readStatusFx = callFx('farmingActivationStatus');
const statusFx = attach({
  effect: readStatusFx,
  mapParams: (code: string) => ({ query: { activation_code: code } }),
});
export const $isChecking = statusFx.pending;
sample({ clock: checkDue, target: statusFx });

// Checked = the server answered about it: a 5xx or a lost connection leaves it for the next launch;
// an answer, or a refusal (404 unknown code), is final.
const answered = sample({
  clock: [
    statusFx.done.filterMap(({ params, result }) => (result ? params : undefined)),
    statusFx.fail.filterMap(({ params, error }) => {
      const status = (error as { status?: unknown }).status;
      return typeof status === 'number' && status >= 400 && status < 500 ? params : undefined;
    }),
  ],
});
sample({
  clock: answered,
  source: $checking,
  filter: (checking, code) => checking?.code === code,
  fn: (checking) => checking as CheckedCode,
  target: rememberFx,
});

/** The farm activation modal: the code and what the server said about it; null while closed. */
export const $activation = createStore<{ code: string; status: FarmingActivationStatus } | null>(null).reset(
  modalClosed,
);
sample({
  clock: statusFx.done.filterMap(({ params, result }) => (result ? { code: params, status: result } : undefined)),
  target: $activation,
});

// ---- activate -------------------------------------------------------------------------------------

/** POST /farming/activate. */
export const activateFx = callFx('farmingActivate');
export const $isActivating = activateFx.pending;

sample({
  clock: activateClicked,
  source: { activation: $activation, busy: $isActivating },
  filter: ({ activation, busy }) => activation?.status.status === 'ACTIVE' && !busy,
  fn: ({ activation }) => ({ body: { activation_code: activation!.code } }),
  target: activateFx,
});

const activated = activateFx.doneData.filter({ fn: (mint): mint is Mint => mint !== null });
// docs/product.md §9: the toast, and the mint in the active list at once (the server's user:mint repeats it).
sample({ clock: activated, target: mintUpdated });
sample({
  clock: activated,
  source: $t,
  fn: (t, mint) => ({
    text: t('farming.activated', { code: mint.mint_id }),
    kind: 'success' as const,
    durationMs: timings.errorToastMs,
  }),
  target: showToast,
});
$activation.reset(activated);
