import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { operatorSocket, reviewPhotoFx, revokePhotoFx, type ProofPhoto, type ReviewItem } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { createConfirmedAction } from '@console/shared/lib/confirmed-action';
import { createQuery } from '@shared/lib/query';
import { chainLoad } from '@shared/routing';
import { consoleRoutes } from '@console/shared/routing';

export const reviewsListFx = operatorCallFx('reviewsList');
export const reviewApproveFx = operatorCallFx('reviewApprove');
export const reviewRejectFx = operatorCallFx('reviewReject');
/** The current photo proof's bytes (a local copy, so a test gives its own). */
export const photoFx = createEffect((id: number) => reviewPhotoFx(id));

export const reviews = createQuery({ effect: reviewsListFx, initial: [] as ReviewItem[] });

/** The screen opened (or its Try again): its data is read. */
export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.reviews), pageOpened);
sample({ clock: pageOpened, target: reviews.start });

/** Approve is one press (no dialog: the queue is worked through fast), once. */
export const approveClicked = createEvent<number>();
/** Reject asks for the reason the user will see (required). */
export const rejectAction = createConfirmedAction({
  effect: reviewRejectFx,
  toParams: (id: number, reason: string) => ({ params: { id }, body: { reason } }),
  textRequired: true,
  busy: reviewApproveFx.pending,
});

const approveFx = attach({ effect: reviewApproveFx, mapParams: (id: number) => ({ params: { id } }) });
const $approving = approveFx.pending;
/** Any decision on its way: every Approve and Reject waits (one at a time, never twice). */
export const $deciding = combine($approving, rejectAction.$pending, (a, b) => a || b);

sample({
  clock: approveClicked,
  filter: $deciding.map((deciding) => !deciding),
  target: approveFx,
});

const decided = createEvent<number>();
sample({ clock: approveFx.done, fn: ({ params }) => params, target: decided });
sample({ clock: rejectAction.done, fn: ({ target }) => target, target: decided });

// Live: new proofs join the end of the queue, decided ones (here or by another operator) leave it.
reviews.$data
  .on(operatorSocket.eventReceived('review:new'), (items, item) =>
    items.some((known) => known.id === item.id) ? items : [...items, item],
  )
  .on(operatorSocket.eventReceived('review:done'), (items, { id }) => items.filter((item) => item.id !== id))
  .on(decided, (items, id) => items.filter((item) => item.id !== id));

/** The proof being decided: the first in the queue; the next follows when it is decided. */
export const $current = reviews.$data.map((items) => items[0] ?? null);

/** The current proof's photo (a blob URL), fetched with the bearer; freed when it leaves. */
export const $photoFailed = createStore(false);
const $shownPhoto = createStore<(ProofPhoto & { id: number }) | null>(null, { serialize: 'ignore' });
export const $currentPhoto = combine($shownPhoto, $current, (photo, current) =>
  photo && current && photo.id === current.id ? photo : null,
);

const isPhoto = (item: ReviewItem | null): item is ReviewItem => item !== null && item.kind === 'photo';
const photoWanted = sample({
  clock: $current,
  source: $shownPhoto,
  filter: (shown, current) => isPhoto(current) && shown?.id !== current.id,
  fn: (_, current) => (current as ReviewItem).id,
});
sample({ clock: photoWanted, target: photoFx });
$photoFailed.on(photoWanted, () => false).on(photoFx.fail, () => true);
sample({
  clock: photoFx.done,
  source: $current,
  filter: (current, { params }) => current?.id === params,
  fn: (_, { params, result }) => ({ ...result, id: params }),
  target: $shownPhoto,
});
// The photo's blob is freed when its proof leaves the screen.
const photoLeft = sample({
  clock: $current,
  source: $shownPhoto,
  filter: (shown, current) => shown !== null && shown.id !== current?.id,
  fn: (shown) => (shown as ProofPhoto).url,
});
sample({ clock: photoLeft, target: revokePhotoFx });
$shownPhoto.on(photoLeft, () => null);

sample({
  clock: currentRoute.closed,
  source: $shownPhoto,
  filter: Boolean,
  fn: (shown) => shown.url,
  target: revokePhotoFx,
});
$shownPhoto.reset(currentRoute.closed);
