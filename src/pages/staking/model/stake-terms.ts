import { combine, createEvent, createStore, sample } from 'effector';
import { $activeMints } from '@/entities/mint';
import { $user } from '@/entities/user';
import { programRulesModel } from '@/features/program-info/index.ui';
import { stakeTerms } from '../lib/stake-terms';
import { selectMintRoute } from './routes';
import { stakeClicked } from './select-mint';

/*
 * The terms sheet between a mint's 'Stake' and the stake (docs/decisions.md "Mint and staking
 * (client)"): the rate, the cap, what happens to the mint and when the reward is paid, from the
 * server's figures (the program's rules, read as the sheet opens; the user's bonuses; the mint). Only
 * the select-mint page's view reads it, so it is created with that view, out of the entry bundle.
 */

/** 'Stake' on a mint card: the mint's numeric id. */
export const termsOpened = createEvent<number>();
export const termsClosed = createEvent();
/** 'Stake' in the sheet: the stake is asked for (select-mint.ts), and the sheet closes. */
export const termsConfirmed = createEvent();
export const termsRetried = createEvent();

export const $termsMintId = createStore<number | null>(null)
  .on(termsOpened, (_, id) => id)
  .reset(termsClosed, selectMintRoute.closed);

/** The mint on the sheet; null once it is no longer active (staked from elsewhere, say): the sheet closes. */
export const $termsMint = combine(
  $termsMintId,
  $activeMints,
  (id, mints) => (id === null ? null : mints.find((mint) => mint.id === id)) ?? null,
);

export const $terms = combine($termsMint, programRulesModel.$rules, $user, (mint, rules, user) =>
  mint && rules && user ? stakeTerms(mint, rules.staking, user) : null,
);
export const $termsLoadFailed = combine(
  programRulesModel.$loadFailed,
  programRulesModel.$isLoading,
  (failed, loading) => failed && !loading,
);

// The rules are read each time the sheet opens, as the Info sheet reads them: the figures are the server's now.
sample({ clock: termsOpened, target: programRulesModel.sheetShown });
sample({ clock: termsRetried, target: programRulesModel.retryClicked });

// Only terms the user has seen can be agreed to.
const stakeAgreed = sample({
  clock: termsConfirmed,
  source: { id: $termsMintId, terms: $terms },
  filter: ({ id, terms }) => id !== null && terms !== null,
  fn: ({ id }) => id as number,
});
sample({ clock: stakeAgreed, target: stakeClicked });
$termsMintId.reset(stakeAgreed);
