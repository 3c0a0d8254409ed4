import { allSettled, type Scope, type Unit } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTaskAction, taskModel, taskText } from '@/entities/task';
import { userModel } from '@/entities/user';
import { linkProblem, taskLinkProofModel } from '@/features/task-link-proof';
import { photoProblem, taskPhotoProofModel } from '@/features/task-photo-proof';
// The modal's own model is created with its code (a lazy chunk), so it is not in the slice's index.
import * as photoProofModal from '@/features/task-photo-proof/model/photo-proof';
import { tasksModel } from '@/pages/tasks';
import {
  $accessToken,
  appSocket,
  TASK_PHOTO_DEFAULT_MAX_BYTES,
  type Task,
  type TaskKind,
  type TaskStatus,
  type UserMe,
} from '@/shared/api';
import { routes } from '@/shared/routing';
import { isVersionAtLeastFx } from '@/shared/telegram';
import '@/widgets/navbar';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope, signedInMember } from './scope';

const { $tasks, $unclaimedCount, tasksRequested, taskUpdated } = taskModel;
const { actionPressed, linkOpenPressed, $busyTaskIds } = tasksModel;

const task = (task_id: number, kind: TaskKind, status: TaskStatus, overrides: Partial<Task> = {}): Task => ({
  task_id,
  kind,
  title: { en: `Task ${task_id}`, ru: `Задание ${task_id}` },
  description: { en: 'Do it', ru: 'Сделайте это' },
  icon: kind,
  reward: '10',
  status,
  settings: {
    url:
      kind === 'visit' ? 'https://example.com/page' : kind === 'community' ? 'https://t.me/ton_token_community' : null,
    count: kind === 'referrals' ? 3 : null,
    paying_only: false,
    min_seconds: kind === 'visit' ? 10 : null,
    allowed_hosts: kind === 'link' ? ['x.com', 'twitter.com'] : [],
  },
  started_at: status === 'new' ? null : 1_790_000_000,
  validated_at: null,
  claimed_at: null,
  rejection_reason: status === 'rejected' ? 'The photo is blurred' : null,
  proof_link: null,
  ...overrides,
});

/** Fires a unit in the scope and waits for everything it set off. */
const fire = async <T>(scope: Scope, unit: Unit<T>, params?: T) => {
  await allSettled(unit as never, { scope, params } as never);
};

describe('the tasks list and the navbar badge (docs/product.md §2)', () => {
  it('counts the tasks whose status is not claimed', async () => {
    const list = [
      task(1, 'community', 'claimed'),
      task(2, 'visit', 'new'),
      task(3, 'photo', 'pending_review'),
      task(4, 'link', 'validated'),
    ];
    const { scope } = createTestScope({
      values: signedInMember,
      handlers: [[taskModel.readTasksFx, async () => list]],
    });
    expect(scope.getState($unclaimedCount)).toBe(0);
    await fire(scope, tasksRequested);
    expect(scope.getState($tasks).map((t) => t.task_id)).toEqual([1, 2, 3, 4]);
    expect(scope.getState($unclaimedCount)).toBe(3);
    await fire(scope, taskUpdated, { ...list[3], status: 'claimed' });
    expect(scope.getState($unclaimedCount)).toBe(2);
  });

  it('is read once the signed-in user is known to be a community member, without opening the screen', async () => {
    const read = vi.fn(async () => [task(1, 'community', 'new')]);
    const { scope } = createTestScope({
      values: [[$accessToken, 'access']],
      handlers: [[taskModel.readTasksFx, read]],
    });
    const member = { id: 1, telegram_id: 777, ref: { level: 0 }, community_participation: false } as UserMe;
    await fire(scope, userModel.userLoaded, member);
    expect(read).not.toHaveBeenCalled(); // a non-member would be refused (403)
    await fire(scope, userModel.userLoaded, { ...member, community_participation: true });
    expect(read).toHaveBeenCalledTimes(1);
    expect(scope.getState($unclaimedCount)).toBe(1);
    // A refetch of the same member reads nothing more: the socket keeps the list.
    await fire(scope, userModel.userLoaded, { ...member, community_participation: true });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('falls as a user:task push says a task is claimed, without a reload', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.instances = [];
    try {
      const list = [task(1, 'community', 'validated'), task(2, 'visit', 'new')];
      const { scope } = createTestScope({
        values: signedInMember,
        handlers: [[taskModel.readTasksFx, async () => list]],
      });
      await fire(scope, tasksRequested);
      expect(scope.getState($unclaimedCount)).toBe(2);
      await fire(scope, appSocket.connectRequested);
      FakeWebSocket.last.open();
      FakeWebSocket.last.receive(JSON.stringify({ event: 'user:task', data: { ...list[0], status: 'claimed' } }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(scope.getState($unclaimedCount)).toBe(1);
      expect(scope.getState($tasks).find((t) => t.task_id === 1)?.status).toBe('claimed');
      await fire(scope, appSocket.disconnectRequested);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a failed read is remembered for Try again; a later read clears it', async () => {
    let fail = true;
    const read = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return [];
    });
    const { scope } = createTestScope({ values: signedInMember, handlers: [[taskModel.readTasksFx, read]] });
    await fire(scope, tasksRequested);
    expect(scope.getState(taskModel.$tasksLoadFailed)).toBe(true);
    expect(scope.getState(taskModel.$tasksLoaded)).toBe(false);
    fail = false;
    await fire(scope, tasksRequested);
    expect(scope.getState(taskModel.$tasksLoadFailed)).toBe(false);
    expect(scope.getState(taskModel.$tasksLoaded)).toBe(true);
  });

  it("shows the operator's text in the user's language", () => {
    expect(taskText({ en: 'Join', ru: 'Вступите' }, 'ru')).toBe('Вступите');
    expect(taskText({ en: 'Join', ru: '' }, 'ru')).toBe('Join');
    expect(taskText({ en: 'Join', ru: 'Вступите' }, 'en')).toBe('Join');
  });
});

describe('the next action by status (docs/product.md §4: start → validate → claim)', () => {
  it.each([
    ['community', 'new', 'start'],
    ['community', 'started', 'check'],
    ['referrals', 'started', 'check'],
    ['visit', 'started', 'check'],
    ['photo', 'started', 'add_photo'],
    ['link', 'started', 'send_link'],
    ['photo', 'pending_review', 'in_review'],
    ['photo', 'rejected', 'add_photo'],
    ['link', 'rejected', 'send_link'],
    ['visit', 'validated', 'claim'],
    ['visit', 'claimed', 'done'],
  ] as const)('%s %s → %s', (kind, status, action) => {
    expect(nextTaskAction({ kind, status })).toBe(action);
  });
});

describe('pressing the task button', () => {
  function setup(list: Task[], extra: NonNullable<Parameters<typeof createTestScope>[0]>['handlers'] = []) {
    const calls = {
      start: vi.fn(async ({ body: { task_id } }: { body: { task_id: number } }) => ({
        ...list.find((t) => t.task_id === task_id)!,
        status: 'started' as const,
      })),
      validate: vi.fn(async ({ body: { task_id } }: { body: { task_id: number } }) => ({
        ...list.find((t) => t.task_id === task_id)!,
        status: 'validated' as const,
      })),
      claim: vi.fn(async ({ body: { task_id } }: { body: { task_id: number } }) => ({
        ...list.find((t) => t.task_id === task_id)!,
        status: 'claimed' as const,
      })),
    };
    const setup = createTestScope({
      values: [...signedInMember, [$tasks, list]],
      handlers: [
        [tasksModel.startTaskFx, calls.start],
        [tasksModel.validateTaskFx, calls.validate],
        [tasksModel.claimTaskFx, calls.claim],
        ...(extra ?? []),
      ],
    });
    return { ...setup, calls };
  }

  it('Start starts the task and opens a visit task’s page with openLink', async () => {
    const { scope, calls, host } = setup([task(1, 'visit', 'new')]);
    await fire(scope, actionPressed, 1);
    expect(calls.start).toHaveBeenCalledWith({ body: { task_id: 1 } });
    expect(host.openLink).toHaveBeenCalledWith('https://example.com/page');
    expect(host.openTelegramLink).not.toHaveBeenCalled();
    expect(scope.getState($tasks)[0]?.status).toBe('started');
  });

  it('Start opens a community task’s t.me link inside Telegram (openTelegramLink)', async () => {
    const { scope, calls, host } = setup([task(1, 'community', 'new')]);
    await fire(scope, actionPressed, 1);
    expect(calls.start).toHaveBeenCalledWith({ body: { task_id: 1 } });
    expect(host.openTelegramLink).toHaveBeenCalledWith('https://t.me/ton_token_community');
    expect(host.openLink).not.toHaveBeenCalled();
  });

  it('Start on a link task opens nothing', async () => {
    const { scope, calls, host } = setup([task(3, 'link', 'new')]);
    await fire(scope, actionPressed, 3);
    expect(calls.start).toHaveBeenCalledTimes(1);
    expect(host.openLink).not.toHaveBeenCalled();
    expect(host.openTelegramLink).not.toHaveBeenCalled();
    expect(scope.getState(taskPhotoProofModel.$task)).toBeNull();
  });

  it('Start on an invite task also shares the referral link, as Invite friends does', async () => {
    // A host older than 8.0: the share link path (the prepared message's is tested with Invite friends).
    const { scope, calls, host } = setup([task(1, 'referrals', 'new')], [[isVersionAtLeastFx, () => false]]);
    await fire(scope, actionPressed, 1);
    expect(calls.start).toHaveBeenCalledWith({ body: { task_id: 1 } });
    expect(host.openTelegramLink).toHaveBeenCalledTimes(1);
    const url = new URL(host.openTelegramLink.mock.calls[0]![0] as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toContain('startapp=');
  });

  it('Start on a photo task opens the add photo modal once the task is started', async () => {
    const { scope, calls } = setup([task(2, 'photo', 'new')]);
    await fire(scope, actionPressed, 2);
    expect(calls.start).toHaveBeenCalledWith({ body: { task_id: 2 } });
    expect(scope.getState(taskPhotoProofModel.$task)).toMatchObject({ task_id: 2, status: 'started' });
  });

  it('"Open link" on a started visit task opens its page again', async () => {
    const { scope, host } = setup([task(1, 'visit', 'started')]);
    await fire(scope, linkOpenPressed, 1);
    expect(host.openLink).toHaveBeenCalledWith('https://example.com/page');
  });

  it('Check validates community, referrals and visit tasks', async () => {
    const { scope, calls } = setup([
      task(1, 'community', 'started'),
      task(2, 'referrals', 'started'),
      task(3, 'visit', 'started'),
    ]);
    for (const id of [1, 2, 3]) await fire(scope, actionPressed, id);
    expect(calls.validate.mock.calls.map(([parts]) => parts)).toEqual([
      { body: { task_id: 1 } },
      { body: { task_id: 2 } },
      { body: { task_id: 3 } },
    ]);
    expect(scope.getState($tasks).map((t) => t.status)).toEqual(['validated', 'validated', 'validated']);
  });

  it('Check on a photo task opens the add photo modal; on a link task the link verification modal', async () => {
    const { scope, calls } = setup([task(1, 'photo', 'started'), task(2, 'link', 'started')]);
    await fire(scope, actionPressed, 1);
    expect(scope.getState(taskPhotoProofModel.$task)?.task_id).toBe(1);
    await fire(scope, actionPressed, 2);
    expect(scope.getState(taskLinkProofModel.$task)?.task_id).toBe(2);
    expect(calls.validate).not.toHaveBeenCalled();
  });

  it('Send again after a rejection reopens the proper modal', async () => {
    const { scope } = setup([task(1, 'photo', 'rejected'), task(2, 'link', 'rejected')]);
    await fire(scope, actionPressed, 1);
    expect(scope.getState(taskPhotoProofModel.$task)?.task_id).toBe(1);
    await fire(scope, actionPressed, 2);
    expect(scope.getState(taskLinkProofModel.$task)?.task_id).toBe(2);
  });

  it('Claim claims the reward once: the task is done, the badge falls, a toast says how much', async () => {
    const { scope, calls, toasts } = setup([
      task(1, 'visit', 'validated', { reward: '12.5' }),
      task(2, 'visit', 'new'),
    ]);
    expect(scope.getState($unclaimedCount)).toBe(2);
    await fire(scope, actionPressed, 1);
    expect(calls.claim).toHaveBeenCalledWith({ body: { task_id: 1 } });
    expect(scope.getState($tasks)[0]?.status).toBe('claimed');
    expect(scope.getState($unclaimedCount)).toBe(1);
    expect(toasts.map((t) => t.text)).toContain('12.50\u00A0TKN added to your task balance');
    // Done: nothing more to press.
    await fire(scope, actionPressed, 1);
    expect(calls.claim).toHaveBeenCalledTimes(1);
  });

  it('in review and done take no press', async () => {
    const { scope, calls } = setup([task(1, 'photo', 'pending_review'), task(2, 'visit', 'claimed')]);
    await fire(scope, actionPressed, 1);
    await fire(scope, actionPressed, 2);
    expect(calls.start).not.toHaveBeenCalled();
    expect(calls.validate).not.toHaveBeenCalled();
    expect(calls.claim).not.toHaveBeenCalled();
    expect(scope.getState(taskPhotoProofModel.$task)).toBeNull();
  });

  it('a second press while the first is on its way sends nothing more', async () => {
    let finish: (value: Task) => void = () => undefined;
    const start = vi.fn(() => new Promise<Task>((resolve) => (finish = resolve)));
    const list = [task(1, 'referrals', 'new')];
    const { scope } = createTestScope({
      values: [...signedInMember, [$tasks, list]],
      handlers: [[tasksModel.startTaskFx, start]],
    });
    void allSettled(actionPressed, { scope, params: 1 });
    await Promise.resolve();
    expect(scope.getState($busyTaskIds)).toEqual([1]);
    const second = allSettled(actionPressed, { scope, params: 1 });
    finish({ ...list[0]!, status: 'started' });
    await second;
    expect(start).toHaveBeenCalledTimes(1);
    expect(scope.getState($busyTaskIds)).toEqual([]);
  });

  it('leaving the tasks screen closes its proof modals', async () => {
    const { scope } = setup([task(1, 'photo', 'started')]);
    await fire(scope, taskPhotoProofModel.photoProofOpened, task(1, 'photo', 'started'));
    await fire(scope, taskLinkProofModel.linkProofOpened, task(2, 'link', 'started'));
    await fire(scope, tasksModel.tasksRoute.closed);
    expect(scope.getState(taskPhotoProofModel.$task)).toBeNull();
    expect(scope.getState(taskLinkProofModel.$task)).toBeNull();
    expect(routes.tasks).toBeDefined();
  });
});

// ---- the add photo modal ----------------------------------------------------------------------------

const SIGNATURES = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)),
  'text/plain': [...'not a photo'].map((c) => c.charCodeAt(0)),
};
/** A file whose bytes begin as `content` says, declared as `type` (by default the same). */
const photoFile = (content: keyof typeof SIGNATURES = 'image/png', size = 64, type: string = content) => {
  const bytes = new Uint8Array(size);
  bytes.set(SIGNATURES[content]);
  return new File([bytes], 'proof.png', { type });
};

/** A scripted XMLHttpRequest: records what is sent; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: string | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent = new Promise<void>((resolve) => (this.markSent = resolve));
  private markSent: () => void = () => undefined;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: string | null) {
    this.body = body;
    this.markSent();
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.upload.onload?.();
    this.onload?.();
  }
}

describe('the add photo modal (docs/product.md §2 "add photo")', () => {
  const {
    $task,
    $photo,
    $problem,
    $previewUrl,
    $progress,
    $canSend,
    photoChosen,
    photoSubmitted,
    photoProofClosed,
    photoProofOpened,
  } = photoProofModal;

  let created: string[];
  let revoked: string[];
  beforeEach(() => {
    created = [];
    revoked = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      const url = `blob:preview-${created.length + 1}`;
      created.push(url);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const opened = async (list = [task(5, 'photo', 'started')]) => {
    const setup = createTestScope({ values: [...signedInMember, [$tasks, list]] });
    await fire(setup.scope, photoProofOpened, list[0]);
    return setup;
  };

  it('checks the type (by the bytes) and the size before anything is sent', () => {
    expect(photoProblem({ size: 1000 }, 'image/jpeg')).toBeNull();
    expect(photoProblem({ size: TASK_PHOTO_DEFAULT_MAX_BYTES }, 'image/webp')).toBeNull();
    expect(photoProblem({ size: 1000 }, null)).toBe('type');
    expect(photoProblem({ size: TASK_PHOTO_DEFAULT_MAX_BYTES + 1 }, 'image/png')).toBe('size');
  });

  it('a photo of the wrong type is refused in the modal and not previewed', async () => {
    const { scope } = await opened();
    await fire(scope, photoChosen, photoFile('image/gif'));
    expect(scope.getState($problem)).toBe('type');
    expect(scope.getState($photo)).toBeNull();
    expect(scope.getState($previewUrl)).toBeNull();
    expect(scope.getState($canSend)).toBe(false);
  });

  it('a file that only claims to be a photo (a text named .png) is refused inline, before any preview', async () => {
    const { scope } = await opened();
    await fire(scope, photoChosen, photoFile('text/plain', 64, 'image/png'));
    expect(scope.getState($problem)).toBe('type');
    expect(scope.getState($previewUrl)).toBeNull();
    expect(created).toEqual([]);
    expect(scope.getState($canSend)).toBe(false);
  });

  it('a photo is sent as what its bytes say, whatever type the picker declared', async () => {
    const { scope } = await opened();
    await fire(scope, photoChosen, photoFile('image/jpeg', 64, ''));
    expect(scope.getState($problem)).toBeNull();
    expect(scope.getState($photo)?.type).toBe('image/jpeg');
    expect(scope.getState($canSend)).toBe(true);
  });

  it('a photo over 5 MB gets the 413 text and is never uploaded', async () => {
    const { scope } = await opened();
    const big = photoFile('image/png', 16);
    Object.defineProperty(big, 'size', { value: TASK_PHOTO_DEFAULT_MAX_BYTES + 1 });
    await fire(scope, photoChosen, big);
    expect(scope.getState($problem)).toBe('size');
    expect(scope.getState($canSend)).toBe(false);
    await fire(scope, photoSubmitted);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(FakeXhr.last).toBeUndefined();
  });

  it('previews the chosen photo, frees the old preview on a new pick and the last on close', async () => {
    const { scope } = await opened();
    await fire(scope, photoChosen, photoFile());
    expect(scope.getState($previewUrl)).toBe('blob:preview-1');
    await fire(scope, photoChosen, photoFile('image/jpeg'));
    expect(scope.getState($previewUrl)).toBe('blob:preview-2');
    expect(revoked).toEqual(['blob:preview-1']);
    await fire(scope, photoProofClosed);
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
    expect(scope.getState($previewUrl)).toBeNull();
    expect(scope.getState($task)).toBeNull();
  });

  it('uploads with the bearer token, shows the real progress, and the task turns "in review"', async () => {
    const { scope, toasts } = await opened();
    const file = photoFile();
    await fire(scope, photoChosen, file);
    expect(scope.getState($canSend)).toBe(true);

    const done = allSettled(photoSubmitted, { scope });
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBeTruthy());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/task/validate');
    expect(xhr.headers.Authorization).toBe('Bearer access');
    const body = JSON.parse(xhr.body as string) as { task_id: number; photo: { content_type: string; data: string } };
    expect(body.task_id).toBe(5);
    expect(body.photo.content_type).toBe('image/png');
    expect(Buffer.from(body.photo.data, 'base64')).toEqual(Buffer.from(new Uint8Array(await file.arrayBuffer())));

    expect(scope.getState($progress)).toBe(0);
    xhr.progress(25, 100);
    expect(scope.getState($progress)).toBe(25);
    xhr.progress(100, 100);
    expect(scope.getState($progress)).toBe(100);
    expect(scope.getState($canSend)).toBe(false);

    xhr.answer(200, task(5, 'photo', 'pending_review'));
    await done;
    expect(scope.getState($tasks)[0]?.status).toBe('pending_review');
    expect(scope.getState($task)).toBeNull();
    expect(scope.getState($progress)).toBeNull();
    expect(toasts.map((t) => t.text)).toContain('Photo sent for review');
  });

  it('a 413 from the server shows the docs/product.md §8 text (toast and modal) and keeps the modal open', async () => {
    const { scope, toasts } = await opened();
    await fire(scope, photoChosen, photoFile());
    const done = allSettled(photoSubmitted, { scope });
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBeTruthy());
    FakeXhr.last!.answer(413, { msg: 'Request body is too large', code: 'payloadTooLarge' });
    await done;
    expect(toasts.map((t) => t.text)).toContain('Error: File size is too large! Upload a smaller file.');
    expect(scope.getState($problem)).toBe('size');
    expect(scope.getState($task)?.task_id).toBe(5);
    expect(scope.getState($tasks)[0]?.status).toBe('started');
    expect(scope.getState($progress)).toBeNull();
  });

  it('a refusal with a reason (422) is the catalogue toast in the user’s terms', async () => {
    const { scope, toasts } = await opened();
    await fire(scope, photoChosen, photoFile());
    const done = allSettled(photoSubmitted, { scope });
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBeTruthy());
    FakeXhr.last!.answer(422, { msg: 'Upload a JPEG, PNG or WebP photo', code: 'taskPhotoType' });
    await done;
    expect(toasts.map((t) => t.text)).toContain('Upload a JPEG, PNG or WebP photo');
    expect(scope.getState($task)?.task_id).toBe(5);
  });
});

// ---- the link verification modal -----------------------------------------------------------------------

describe('the link verification modal (docs/product.md §2 "link verification")', () => {
  const { $task, $problem, $canSend, linkChanged, linkSubmitted, linkProofOpened } = taskLinkProofModel;

  it.each([
    ['', null],
    ['https://x.com/me/status/1', null],
    ['http://mobile.twitter.com/me', null],
    ['https://X.COM/me', null],
    ['x.com/me', { kind: 'invalid' }],
    ['ftp://x.com/file', { kind: 'invalid' }],
    ['https://', { kind: 'invalid' }],
    ['https://evil-x.com/me', { kind: 'host', hosts: ['x.com', 'twitter.com'] }],
    ['https://x.com.evil.io/me', { kind: 'host', hosts: ['x.com', 'twitter.com'] }],
    [`https://x.com/${'a'.repeat(2048)}`, { kind: 'too_long', max: 2048 }],
  ])('%s → %j', (link, problem) => {
    expect(linkProblem(link, ['x.com', 'twitter.com'])).toEqual(problem);
  });

  it('takes any host when the task lists none', () => {
    expect(linkProblem('https://anything.example/post', [])).toBeNull();
  });

  it('says the problem while typing, sends a good link, and the task turns "in review"', async () => {
    const send = vi.fn(async ({ body: { task_id } }: { body: { task_id: number; link?: string } }) =>
      task(task_id, 'link', 'pending_review'),
    );
    const list = [task(8, 'link', 'started')];
    const { scope, toasts } = createTestScope({
      values: [...signedInMember, [$tasks, list]],
      handlers: [[taskLinkProofModel.sendLinkFx, send]],
    });
    await fire(scope, linkProofOpened, list[0]);

    await fire(scope, linkChanged, 'https://facebook.com/me');
    expect(scope.getState($problem)).toEqual({ kind: 'host', hosts: ['x.com', 'twitter.com'] });
    expect(scope.getState($canSend)).toBe(false);
    await fire(scope, linkSubmitted);
    expect(send).not.toHaveBeenCalled();

    await fire(scope, linkChanged, '  https://x.com/me/status/1  ');
    expect(scope.getState($problem)).toBeNull();
    await fire(scope, linkSubmitted);
    expect(send).toHaveBeenCalledWith({ body: { task_id: 8, link: 'https://x.com/me/status/1' } });
    expect(scope.getState($tasks)[0]?.status).toBe('pending_review');
    expect(scope.getState($task)).toBeNull();
    expect(toasts.map((t) => t.text)).toContain('Link sent for review');
  });

  it('a refusal keeps the modal open with the link', async () => {
    const send = vi.fn(async () => {
      throw new Error('refused');
    });
    const list = [task(8, 'link', 'started')];
    const { scope } = createTestScope({
      values: [...signedInMember, [$tasks, list]],
      handlers: [[taskLinkProofModel.sendLinkFx, send]],
    });
    await fire(scope, linkProofOpened, list[0]);
    await fire(scope, linkChanged, 'https://x.com/me');
    await fire(scope, linkSubmitted);
    expect(scope.getState($task)?.task_id).toBe(8);
    expect(scope.getState(taskLinkProofModel.$link)).toBe('https://x.com/me');
  });
});
