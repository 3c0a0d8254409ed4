import { allSettled } from 'effector';
import { createMemoryHistory } from 'history';
import type { $Fetch } from 'ofetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $phase, appStarted } from '@/app/model';
import { userModel } from '@/entities/user';
import { maintenanceModel } from '@/features/maintenance-mode';
import '@/pages/dashboard';
import {
  appSocket,
  candleSocket,
  MAINTENANCE_OFF_DETAIL,
  sendRequest,
  type RequestOptions,
  type UserMe,
} from '@/shared/api';
import { callKey, type TransportRequest } from '@/shared/api/launch-calls';
import { adoptEarly, EARLY_ANSWER_TTL_MS } from '@/shared/api/transport';
import { takeLaunchCalls } from '@/shared/launch';
import { bootState } from '@/shared/launch/boot-state';
import { attachBrowserHistoryFx } from '@/shared/routing';
import { createTonConnectFx } from '@/shared/ton-connect';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope } from './scope';
import { priceChartModel, priceModel, statsModel } from '@/pages/dashboard';
import { mintModel } from '@/entities/mint';
import { stakeModel } from '@/entities/stake';
import { taskModel } from '@/entities/task';

/*
 * Issue #14: the launch's calls without a token (maintenance status, sign-in) leave with the entry's first
 * lines (src/app/early.ts) and the models take their answers: one request each over the wire, the models
 * unchanged. A failed or stale early answer is never what a model sees.
 */

const noCredentials = { access: null, refresh: null };
const maintenance: RequestOptions = { method: 'GET', path: '/maintenance/', skipAuth: true };
const signIn = (initData: string): RequestOptions => ({
  method: 'POST',
  path: '/auth/register',
  body: { init_data: initData, ref_code: null },
  skipAuth: true,
});

/** An ofetch stand-in answering from a list, recording each call. */
function transportOf(...answers: Array<() => Promise<unknown>>) {
  const sent: string[] = [];
  const transport = vi.fn(async (path: string, options?: { method?: string }) => {
    sent.push(`${options?.method ?? 'GET'} ${path}`);
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  }) as unknown as $Fetch;
  return { transport, sent };
}

/** A call sent early over `transport` (counted there) and handed over, as the launch script does. */
function sendEarly(request: TransportRequest, transport: $Fetch, sentAt = Date.now()) {
  const answer = transport(request.path, { method: request.method, body: request.body as Record<string, unknown> });
  answer.catch(() => undefined);
  adoptEarly([{ key: callKey(request), sentAt, answer }]);
}

/**
 * index.html's launch script (src/shared/launch/boot.ts) run as the page runs it, then the entry's first
 * lines (src/app/early.ts). A fresh copy of its modules each time (it runs on import).
 */
async function runLaunchScript() {
  vi.resetModules();
  await import('@/shared/launch/boot');
  takeLaunchCalls();
}

describe('an early call, taken by the request that asks for it', () => {
  it('is sent once: the model’s request takes its answer instead of going out again', async () => {
    const { transport, sent } = transportOf(async () => ({ detail: MAINTENANCE_OFF_DETAIL }));
    sendEarly(maintenance, transport);
    const result = await sendRequest(maintenance, noCredentials, transport);
    expect(result.data).toEqual({ detail: MAINTENANCE_OFF_DETAIL });
    expect(sent).toEqual(['GET /maintenance/']);
  });

  it('is taken once: the next request for the same call goes out', async () => {
    const { transport, sent } = transportOf(
      async () => ({ detail: 'early' }),
      async () => ({ detail: 'second' }),
    );
    sendEarly(maintenance, transport);
    expect((await sendRequest(maintenance, noCredentials, transport)).data).toEqual({ detail: 'early' });
    expect((await sendRequest(maintenance, noCredentials, transport)).data).toEqual({ detail: 'second' });
    expect(sent).toHaveLength(2);
  });

  it('that failed (a 503 while maintenance was on) is sent again, and the model sees the new answer', async () => {
    const { transport, sent } = transportOf(
      async () => Promise.reject(Object.assign(new Error('503'), { status: 503 })),
      async () => ({ token: 't', refresh: 'r', user: { id: 1 } }),
    );
    sendEarly(signIn('a'), transport);
    const result = await sendRequest(signIn('a'), noCredentials, transport);
    expect(result.data).toEqual({ token: 't', refresh: 'r', user: { id: 1 } });
    expect(sent).toEqual(['POST /auth/register', 'POST /auth/register']);
  });

  it(`older than ${EARLY_ANSWER_TTL_MS / 1000} s is dropped: the request goes out`, async () => {
    const { transport, sent } = transportOf(
      async () => ({ detail: 'stale' }),
      async () => ({ detail: 'fresh' }),
    );
    sendEarly(maintenance, transport, Date.now() - EARLY_ANSWER_TTL_MS - 1);
    expect((await sendRequest(maintenance, noCredentials, transport)).data).toEqual({ detail: 'fresh' });
    expect(sent).toHaveLength(2);
  });

  it('is only the same call: another body, or a call with the token, goes out', async () => {
    const { transport, sent } = transportOf(
      async () => ({ token: 'a' }),
      async () => ({ token: 'b' }),
      async () => ({ detail: 'with token' }),
      async () => ({ token: 'a again' }),
    );
    sendEarly(signIn('a'), transport);
    expect((await sendRequest(signIn('b'), noCredentials, transport)).data).toEqual({ token: 'b' });
    expect(
      (
        await sendRequest(
          { ...maintenance, path: '/auth/register', method: 'POST', body: signIn('a').body, skipAuth: false },
          { access: 'x', refresh: null },
          transport,
        )
      ).data,
    ).toEqual({ detail: 'with token' });
    expect((await sendRequest(signIn('a'), noCredentials, transport)).data).toEqual({ token: 'a' });
    expect(sent).toHaveLength(3);
  });
});

describe('the launch with its calls sent by index.html’s launch script (src/shared/launch/boot.ts)', () => {
  const member = {
    id: 1,
    telegram_id: 777,
    ref: { level: 0 },
    community_participation: true,
    balance_token: '12.5',
  } as UserMe;
  const initData = 'query_id=1&user=%7B%22id%22%3A777%7D&start_param=farm_Q7X2&auth_date=1&hash=abc';
  let requests: Array<{ method: string; path: string; body: unknown }>;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string, init?: RequestInit) => {
        const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
        const path = new URL(request.url).pathname;
        const body = request.method === 'POST' ? await request.json() : null;
        requests.push({ method: request.method, path, body });
        const answer =
          path === '/api/maintenance/'
            ? { detail: MAINTENANCE_OFF_DETAIL }
            : path === '/api/auth/register'
              ? { token: 'access', refresh: 'refresh', user: member }
              : null;
        return new Response(JSON.stringify(answer), {
          status: answer ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    window.location.hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`;
  });
  afterEach(() => {
    document.getElementById('first-look')?.remove();
    bootState().appScreenShown = false;
    bootState().calls = [];
    window.location.hash = '';
    sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends each call once, and the app is ready on their answers', async () => {
    await runLaunchScript();
    // Both leave before any model has asked for them.
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/maintenance/', 'POST /api/auth/register']);
    // A farm code is not a referrer's: the early sign-in carries no ref code, as the model's would.
    expect(requests[1]!.body).toEqual({ init_data: initData, ref_code: null });

    const { scope } = createTestScope({
      handlers: [
        [attachBrowserHistoryFx, () => createMemoryHistory({ initialEntries: ['/'] })],
        [createTonConnectFx, async () => undefined],
        [mintModel.readMintsFx, async () => ({ data: [], total: 0 })],
        [stakeModel.readStakesFx, async () => ({ data: [], total: 0 })],
        [taskModel.readTasksFx, async () => []],
        [priceModel.loadPriceFx, async () => null],
        [priceChartModel.readCandlesFx, async () => null],
        [statsModel.readStatsFx, async () => null],
      ],
    });
    void allSettled(appStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);

    expect(scope.getState($phase)).toBe('ready');
    expect(scope.getState(userModel.$user)).toEqual(member);
    // Meanwhile the launch script painted the first look from the same answer (the dashboard's path).
    expect(document.querySelector('[data-testid="first-look-balance-token"]')?.textContent).toBe('12.50\u00a0TKN');
    // Still one of each (the wallet's proof payload, asked once the user is known, is the only other call).
    const launchCalls = requests.filter((r) => r.path === '/api/maintenance/' || r.path === '/api/auth/register');
    expect(launchCalls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/maintenance/',
      'POST /api/auth/register',
    ]);

    void allSettled(maintenanceModel.pollingStopped, { scope });
    void allSettled(appSocket.disconnectRequested, { scope });
    void allSettled(candleSocket.disconnectRequested, { scope });
    await vi.advanceTimersByTimeAsync(20_000);
  });

  it('a start parameter that is no ref code (TON Connect’s return link) is not sent as one', async () => {
    const tonConnect = `query_id=1&user=%7B%22id%22%3A777%7D&start_param=tonconnect-v__2-id__${'b2'.repeat(32)}-ret__back&auth_date=1&hash=abc`;
    const referred = 'query_id=1&user=%7B%22id%22%3A777%7D&start_param=abcd2345&auth_date=1&hash=abc';
    for (const [initData, refCode] of [
      [tonConnect, null],
      [referred, 'ABCD2345'],
    ] as const) {
      sessionStorage.clear();
      window.location.hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`;
      requests = [];
      await runLaunchScript();
      await vi.advanceTimersByTimeAsync(0);
      expect(requests.find((r) => r.path === '/api/auth/register')?.body).toEqual({
        init_data: initData,
        ref_code: refCode,
      });
    }
  });

  it('sends nothing outside Telegram', async () => {
    window.location.hash = '';
    sessionStorage.clear();
    await runLaunchScript();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([]);
    expect(document.getElementById('first-look')).toBeNull();
  });
});
