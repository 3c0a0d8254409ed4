import { createEvent, sample } from 'effector';
import type { ProgramRules } from '@/shared/api';
import { callFx } from '@/shared/call';
import { createQuery } from '@/shared/lib/query';

/*
 * The rules the Info sheet shows. Only the sheet's view (a lazy chunk) reads them, so they are created
 * with it, out of the entry bundle; the view says when it is shown, which is each time the sheet opens
 * (it is mounted only while open).
 */

/** The sheet is on screen: read the rules. */
export const sheetShown = createEvent();
export const retryClicked = createEvent();

/** GET /program/rules. */
export const readRulesFx = callFx('programRules');
const rules = createQuery({ effect: readRulesFx, initial: null as ProgramRules | null });

/** The last rules read; kept while a new read is under way, so reopening shows them at once. */
export const $rules = rules.$data;
export const $isLoading = rules.$pending;
/** The last read failed (network, 5xx): the sheet offers Try again. */
export const $loadFailed = rules.$status.map((status) => status === 'failed');

sample({ clock: [sheetShown, retryClicked], target: rules.start });
