import { createEvent, createStore, sample } from 'effector';
import { interval } from 'patronum';
import { MAINTENANCE_OFF_DETAIL, type MaintenanceStatus } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { reloadFx } from '@/shared/telegram';

/**
 * docs/product.md §4: maintenance is checked at start and every 10 s. While it is on, the maintenance page
 * replaces the app; when it ends the page reloads so the app starts from a clean state.
 */
export const pollingStarted = createEvent();
export const pollingStopped = createEvent();
/** The first check settled with maintenance off (or unknown): the launch can go on. */
export const appAvailable = createEvent();

/** GET /maintenance/ (without the token). */
export const checkMaintenanceFx = callFx('maintenanceStatus');

const isAvailable = (status: MaintenanceStatus | null): boolean =>
  status === null || status.detail === MAINTENANCE_OFF_DETAIL;

export const $isUnderMaintenance = createStore(false);
export const $firstCheckDone = createStore(false);

const { tick } = interval({ timeout: timings.maintenancePollMs, start: pollingStarted, stop: pollingStopped });

sample({ clock: [pollingStarted, tick], target: checkMaintenanceFx });

// A failed or 5xx check says nothing about maintenance: keep what we knew.
const statusReceived = sample({
  clock: checkMaintenanceFx.doneData,
  filter: (status) => status !== null,
  fn: (status) => !isAvailable(status),
});

// The store is written only after the transition is read, so `wasOn` is the previous state.
const transition = sample({
  clock: statusReceived,
  source: $isUnderMaintenance,
  fn: (wasOn, isOn) => ({ wasOn, isOn }),
});
sample({ clock: transition, fn: ({ isOn }) => isOn, target: $isUnderMaintenance });
sample({
  clock: transition,
  filter: ({ wasOn, isOn }) => wasOn && !isOn,
  fn: () => undefined,
  target: reloadFx,
});

const firstCheckSettled = sample({
  clock: checkMaintenanceFx.finally,
  source: $firstCheckDone,
  filter: (done) => !done,
  fn: (_, settled) => settled,
});
$firstCheckDone.on(firstCheckSettled, () => true);
sample({
  clock: firstCheckSettled,
  // Unknown (failed or 5xx) counts as available: the sign-in calls will show what is wrong.
  filter: (settled) => settled.status === 'fail' || isAvailable(settled.result),
  fn: () => undefined,
  target: appAvailable,
});
