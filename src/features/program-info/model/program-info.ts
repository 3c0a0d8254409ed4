import { attach, createEvent, createStore, sample } from 'effector';
import { getProgramRulesFx, type ProgramRules } from '@/shared/api';

/**
 * The Info sheet (SPEC §2 "Info"): how minting, staking, the bonuses and the referral tiers work,
 * with the figures read from the server each time it opens (they can change; the text never
 * repeats them).
 */
export const infoOpened = createEvent();
export const infoClosed = createEvent();
export const retryClicked = createEvent();

const loadRulesFx = attach({ effect: getProgramRulesFx });

export const $isOpen = createStore(false)
  .on(infoOpened, () => true)
  .reset(infoClosed);
/** The last rules read; kept while a new read is under way, so reopening shows them at once. */
export const $rules = createStore<ProgramRules | null>(null).on(loadRulesFx.doneData, (rules, fresh) => fresh ?? rules);
export const $isLoading = loadRulesFx.pending;
/** The last read failed (network, 5xx): the sheet offers Try again. */
export const $loadFailed = createStore(false)
  .on(loadRulesFx.doneData, (_, rules) => rules === null)
  .on(loadRulesFx.fail, () => true)
  .reset(loadRulesFx);

sample({ clock: [infoOpened, retryClicked], target: loadRulesFx });
