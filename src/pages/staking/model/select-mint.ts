import { attach, createEvent, createStore, sample } from 'effector';
import { mintUpdated } from '@/entities/mint';
import { stakeUpdated } from '@/entities/stake';
import { createStakeFx, getMintsFx, type Mint, type Stake, type StakeCreateBody } from '@/shared/api';
import { timings } from '@/shared/config';
import { routes } from '@/shared/routing';
import { showToast } from '@/shared/ui/toast';
import { selectMintRoute } from './routes';

/** SPEC §9 toast text. */
export const STAKE_CREATED_TEXT = 'New Stake created';

/*
 * The mints a stake can be made from: the user's active ones (DESIGN.md §4). The page reads them
 * itself, so it does not depend on how the mint screen keeps its list.
 */
const loadMintsFx = attach({ effect: getMintsFx });
const stakeFx = attach({ effect: createStakeFx });

/** 'Stake' on a mint card: the mint's numeric id. */
export const stakeClicked = createEvent<number>();

export const $mints = createStore<Mint[]>([])
  .on(loadMintsFx.doneData, (mints, page) => (page ? page.data.filter((mint) => mint.status === 'active') : mints))
  .reset(selectMintRoute.closed);
export const $mintsLoaded = createStore(false)
  .on(loadMintsFx.finally, () => true)
  .reset(selectMintRoute.closed);
export const $mintsLoading = loadMintsFx.pending;
export const $isStaking = stakeFx.pending;
/** The mint whose stake is being created (its button shows busy). */
export const $stakingMintId = createStore<number | null>(null)
  .on(stakeFx, (_, { mint_id }) => mint_id)
  .reset(stakeFx.finally);

sample({ clock: selectMintRoute.opened, fn: () => ({}), target: loadMintsFx });

// A user:mint push while the page is open (a payment confirmed, a mint staked or cancelled
// elsewhere) updates the list at once: an active mint joins, any other status leaves.
$mints.on(mintUpdated, (mints, mint) => {
  if (mint.status !== 'active') return mints.filter((known) => known.id !== mint.id);
  const known = mints.some((item) => item.id === mint.id);
  // In place when known; a newly paid mint is the newest, so it goes first.
  return known ? mints.map((item) => (item.id === mint.id ? mint : item)) : [mint, ...mints];
});

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
// The mint is now move_to_staking: it leaves the list at once.
$mints.on(stakeDone, (mints, { params }) => mints.filter((mint) => mint.id !== params.mint_id));
sample({ clock: stakeCreated, target: stakeUpdated });
sample({
  clock: stakeCreated,
  fn: () => ({ text: STAKE_CREATED_TEXT, kind: 'info' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({ clock: stakeCreated, fn: () => undefined, target: routes.staking.open });
