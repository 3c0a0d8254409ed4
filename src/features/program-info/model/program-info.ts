import { createEvent, createStore, sample } from 'effector';
import { getProgramRulesFx, type ProgramRules } from '@/shared/api';
import { createQuery } from '@/shared/lib/query';

/**
 * The Info sheet (SPEC §2 "Info"): how minting, staking, the bonuses and the referral tiers work,
 * with the figures read from the server each time it opens (they can change; the text never
 * repeats them).
 */
export const infoOpened = createEvent();
export const infoClosed = createEvent();
export const retryClicked = createEvent();

const rules = createQuery({ effect: getProgramRulesFx, initial: null as ProgramRules | null });

export const $isOpen = createStore(false)
  .on(infoOpened, () => true)
  .reset(infoClosed);
/** The last rules read; kept while a new read is under way, so reopening shows them at once. */
export const $rules = rules.$data;
export const $isLoading = rules.$pending;
/** The last read failed (network, 5xx): the sheet offers Try again. */
export const $loadFailed = rules.$status.map((status) => status === 'failed');

sample({ clock: [infoOpened, retryClicked], target: rules.start });
