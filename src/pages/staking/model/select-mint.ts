import { attach, createEvent, createStore, sample } from 'effector';
import { mintMovedToStaking } from '@/entities/mint';
import { stakeUpdated } from '@/entities/stake';
import type { Stake, StakeCreateBody } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { showToast } from '@/shared/ui/toast';

/*
 * The mints a stake can be made from are the user's active ones (docs/foundations.md §4): the mint entity's
 * `$activeMints`, loaded by the route and kept live by user:mint pushes.
 */
/** POST /staking/create. */
export const createStakeFx = callFx('stakeCreate');
const stakeFx = attach({ effect: createStakeFx, mapParams: (body: StakeCreateBody) => ({ body }) });

/** 'Stake' on a mint card: the mint's numeric id. */
export const stakeClicked = createEvent<number>();

export const $isStaking = stakeFx.pending;
/** The mint whose stake is being created (its button shows busy). */
export const $stakingMintId = createStore<number | null>(null)
  .on(stakeFx, (_, { mint_id }) => mint_id)
  .reset(stakeFx.finally);

// A second tap while the first request runs is ignored: one mint, one stake.
sample({
  clock: stakeClicked,
  source: $isStaking,
  filter: (staking) => !staking,
  fn: (_, mintId) => ({ mint_id: mintId }),
  target: stakeFx,
});

const stakeDone = sample({
  clock: stakeFx.done,
  filter: (done): done is { params: StakeCreateBody; result: Stake } => done.result !== null,
});
const stakeCreated = stakeDone.map(({ result }) => result);
// The mint is now move_to_staking: it leaves the active list at once.
sample({ clock: stakeDone, fn: ({ params }) => params.mint_id, target: mintMovedToStaking });
sample({ clock: stakeCreated, target: stakeUpdated });
sample({
  clock: stakeCreated,
  source: $t,
  fn: (t, stake) => ({
    text: t('staking.created', { code: stake.staking_id }),
    kind: 'info' as const,
    durationMs: timings.errorToastMs,
  }),
  target: showToast,
});
sample({ clock: stakeCreated, fn: () => undefined, target: routes.staking.open });
