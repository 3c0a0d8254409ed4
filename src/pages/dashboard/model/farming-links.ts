import { createEvent, createStore, sample } from 'effector';
import { linkSource, linkUpdated, linksRequested } from '@/entities/farming-link';
import { userDataRefetched } from '@/entities/user';
import type { FarmingLink } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { showToast } from '@/shared/ui/toast';
import { farmingRoute } from './dashboard';

/*
 * /farming (docs/product.md §2 dashboard_farming): the user's links load as it opens and again when the user
 * data refetches while it is on screen; Cancel asks first (the cancel modal), then returns the unused
 * part to the balance the link was paid from.
 */
sample({ clock: [farmingRoute.opened, farmingRoute.updated], fn: () => undefined, target: linksRequested });
sample({ clock: userDataRefetched, filter: farmingRoute.$isOpened, target: linksRequested });

export const cancelClicked = createEvent<FarmingLink>();
export const cancelConfirmed = createEvent();
export const cancelDismissed = createEvent();

/** POST /farming/:id/cancel. */
export const cancelFx = callFx('farmingCancel');
export const $isCancelling = cancelFx.pending;

/** The link the cancel modal is about; null while it is closed. */
export const $cancelTarget = createStore<FarmingLink | null>(null)
  .on(cancelClicked, (_, link) => link)
  .reset(cancelDismissed, cancelFx.finally, farmingRoute.closed);

sample({
  clock: cancelConfirmed,
  source: { link: $cancelTarget, busy: $isCancelling },
  filter: ({ link, busy }) => link !== null && !busy,
  fn: ({ link }) => ({ params: { id: (link as FarmingLink).id } }),
  target: cancelFx,
});

const cancelled = cancelFx.doneData.filter({ fn: (link): link is FarmingLink => link !== null });
sample({ clock: cancelled, target: linkUpdated });
sample({
  clock: cancelled,
  source: $t,
  fn: (t, link) => ({
    text:
      linkSource(link) === 'referral'
        ? t('farming.cancelledReferral', { amount: formatAmount(link.refunded_token, 'token', t.locale) })
        : t('farming.cancelledTask', { amount: formatAmount(link.refunded_token, 'token', t.locale) }),
    kind: 'success' as const,
    durationMs: timings.errorToastMs,
  }),
  target: showToast,
});
