import { allSettled, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleReviewsModel } from '@console/pages/reviews';
import { operatorSocket, revokePhotoFx, type ReviewItem } from '@console/shared/api';
import { FakeWebSocket } from '../unit/fake-websocket';
import { deferred, openConsole, signedInConsole, tick } from './console-scope';

const { reviews, reviewsListFx, reviewApproveFx, reviewRejectFx, photoFx, rejectAction, approveClicked } =
  consoleReviewsModel;

const review = (id: number, change: Partial<ReviewItem> = {}): ReviewItem => ({
  id,
  kind: 'link',
  content_type: null,
  size: null,
  link: `https://t.me/post/${id}`,
  created_at: 1_700_000_000 + id,
  task: { id: 7, title: { en: 'Post about us', ru: 'Пост о нас' }, reward: '15' },
  user: { id: 100 + id, telegram_id: 5000 + id, first_name: 'User', username: null },
  ...change,
});

const shownIds = (scope: Scope) => scope.getState(reviews.$data).map((item) => item.id);

function setup(items: ReviewItem[], handlers: Parameters<typeof signedInConsole>[0] = []) {
  const approve = vi.fn(async ({ params }: { params: { id: number } }) => review(params.id));
  const reject = vi.fn(async ({ params }: { params: { id: number } }) => review(params.id));
  const photo = vi.fn(async (id: number) => ({ url: `blob:${id}`, type: 'image/jpeg', size: 120_000 }));
  const scope = signedInConsole([
    [reviewsListFx, async () => items],
    [reviewApproveFx, approve],
    [reviewRejectFx, reject],
    [photoFx, photo],
    [revokePhotoFx, () => undefined],
    ...handlers,
  ]);
  return { scope, approve, reject, photo };
}

describe('console: review queue', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.instances = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('approving sends once and the next proof follows', async () => {
    const { scope, approve } = setup([review(1), review(2)]);
    await openConsole(scope, '/reviews');
    expect(scope.getState(consoleReviewsModel.$current)?.id).toBe(1);
    await allSettled(approveClicked, { scope, params: 1 });
    expect(approve).toHaveBeenCalledExactlyOnceWith({ params: { id: 1 } });
    expect(shownIds(scope)).toEqual([2]);
    expect(scope.getState(consoleReviewsModel.$current)?.id).toBe(2);
  });

  it('a second press while a decision is on its way sends nothing', async () => {
    const answer = deferred<ReviewItem>();
    const approve = vi.fn(() => answer.promise);
    const { scope } = setup([review(1), review(2)], [[reviewApproveFx, approve]]);
    await openConsole(scope, '/reviews');
    void allSettled(approveClicked, { scope, params: 1 });
    await tick();
    void allSettled(approveClicked, { scope, params: 1 });
    void allSettled(rejectAction.requested, { scope, params: 1 });
    await tick();
    expect(approve).toHaveBeenCalledTimes(1);
    expect(scope.getState(rejectAction.$asking)).toBeNull();
    answer.resolve(review(1));
    await allSettled(scope);
    expect(shownIds(scope)).toEqual([2]);
  });

  it('rejecting needs a reason: an empty one is refused in place, a written one is sent (trimmed)', async () => {
    const { scope, reject } = setup([review(1)]);
    await openConsole(scope, '/reviews');
    await allSettled(rejectAction.requested, { scope, params: 1 });
    await allSettled(rejectAction.textChanged, { scope, params: '   ' });
    await allSettled(rejectAction.confirmed, { scope });
    expect(reject).not.toHaveBeenCalled();
    expect(scope.getState(rejectAction.$textMissing)).toBe(true);
    expect(scope.getState(rejectAction.$asking)).toBe(1);

    await allSettled(rejectAction.textChanged, { scope, params: ' Not the post we asked for ' });
    expect(scope.getState(rejectAction.$textMissing)).toBe(false);
    await allSettled(rejectAction.confirmed, { scope });
    expect(reject).toHaveBeenCalledExactlyOnceWith({
      params: { id: 1 },
      body: { reason: 'Not the post we asked for' },
    });
    expect(shownIds(scope)).toEqual([]);
  });

  it('new proofs arrive by the socket, decided ones (by anyone) leave', async () => {
    const { scope } = setup([review(1), review(2)]);
    await openConsole(scope, '/reviews');
    await allSettled(operatorSocket.connectRequested, { scope });
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive(JSON.stringify({ event: 'review:new', data: review(3) }));
    FakeWebSocket.last.receive(JSON.stringify({ event: 'review:new', data: review(3) }));
    FakeWebSocket.last.receive(JSON.stringify({ event: 'review:done', data: { id: 1 } }));
    await allSettled(scope);
    expect(shownIds(scope)).toEqual([2, 3]);
    await allSettled(operatorSocket.disconnectRequested, { scope });
  });

  it("a photo proof's bytes are fetched for the proof on screen, and freed when it leaves", async () => {
    const revoke = vi.fn();
    const photoItem = review(1, { kind: 'photo', link: null, content_type: 'image/jpeg', size: 120_000 });
    const { scope, photo } = setup([photoItem, review(2)], [[revokePhotoFx, revoke]]);
    await openConsole(scope, '/reviews');
    expect(photo).toHaveBeenCalledTimes(1);
    expect(photo.mock.calls[0]).toEqual([1]);
    expect(scope.getState(consoleReviewsModel.$currentPhoto)?.url).toBe('blob:1');
    await allSettled(approveClicked, { scope, params: 1 });
    expect(revoke).toHaveBeenCalledWith('blob:1');
    expect(scope.getState(consoleReviewsModel.$currentPhoto)).toBeNull();
    expect(photo).toHaveBeenCalledTimes(1);
  });
});
