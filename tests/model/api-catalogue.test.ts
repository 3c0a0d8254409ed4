import { allSettled } from 'effector';
import { createFetch } from 'ofetch';
import { describe, expect, it, vi } from 'vitest';
import {
  $accessToken,
  $refreshToken,
  ApiError,
  errorTexts,
  INVALID_INIT_DATA_MSG,
  requestFx,
  sendRequest,
  sendRequestFx,
  type ApiFailure,
} from '@/shared/api';
import { sessionModel } from '@/entities/session';
import { SERVER_MESSAGES } from '@contract/errors';
import { createTestScope } from './scope';

const { $isLoggedOut } = sessionModel;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A real ofetch instance over a scripted fetch, so ofetch's own error shapes are what we parse. */
function scriptedTransport(script: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; auth: string | null; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(init.headers);
    calls.push({ url, auth: headers.get('authorization'), body: init.body ? JSON.parse(String(init.body)) : null });
    return script(url, init);
  });
  const transport = createFetch({
    fetch: fetchImpl as typeof fetch,
    defaults: { baseURL: 'http://app.test/api', retry: 0, timeout: 200 },
  });
  return { transport, calls };
}

const credentials = { access: 'access-1', refresh: 'refresh-1' };

describe('sendRequest: classifying failures (docs/product.md §8)', () => {
  it.each([400, 404, 422, 401, 403, 500])('status %i carries the server msg, code and params', async (status) => {
    const { transport } = scriptedTransport(() =>
      json(status, { msg: `server says ${status}`, code: 'amountAtLeast', params: { amount: '1' } }),
    );
    const error = await sendRequest({ method: 'GET', path: '/x', skipAuth: true }, credentials, transport).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status,
      message: `server says ${status}`,
      code: 'amountAtLeast',
      params: { amount: '1' },
    });
  });

  it('an answer without a code or params has neither', async () => {
    const { transport } = scriptedTransport(() => json(400, { msg: 'old server', params: { n: 1 } }));
    const error = await sendRequest({ method: 'GET', path: '/x', skipAuth: true }, credentials, transport).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ serverMessage: 'old server', code: null, params: null });
  });

  it('413 shows the fixed file-size text', async () => {
    const { transport } = scriptedTransport(() => json(413, { msg: 'Request body is too large' }));
    await expect(sendRequest({ method: 'POST', path: '/x', body: {} }, credentials, transport)).rejects.toMatchObject({
      status: 413,
      message: 'Error: File size is too large! Upload a smaller file.',
    });
  });

  it('a network failure is ERR_NETWORK', async () => {
    const { transport } = scriptedTransport(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendRequest({ method: 'GET', path: '/x' }, credentials, transport)).rejects.toMatchObject({
      kind: 'network',
      message: 'Error: no network connection! Code: ERR_NETWORK',
    });
  });

  it('a call slower than the timeout is a timeout error', async () => {
    const { transport } = scriptedTransport(
      (_, init) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(sendRequest({ method: 'GET', path: '/x' }, credentials, transport)).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Error: the request timed out!',
    });
  });

  it('sends the bearer token except on skip-auth calls', async () => {
    const { transport, calls } = scriptedTransport(() => json(200, {}));
    await sendRequest({ method: 'GET', path: '/user/me' }, credentials, transport);
    await sendRequest({ method: 'GET', path: '/maintenance/', skipAuth: true }, credentials, transport);
    expect(calls.map((c) => c.auth)).toEqual(['Bearer access-1', null]);
  });
});

describe('sendRequest: refresh once on 401, then retry', () => {
  it('refreshes, retries with the new token and reports the new pair', async () => {
    const { transport, calls } = scriptedTransport((url, init) => {
      if (url.endsWith('/auth/refresh')) return json(200, { token: 'access-2', refresh: 'refresh-2' });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { msg: 'Token expired' });
    });
    const result = await sendRequest({ method: 'GET', path: '/user/me' }, credentials, transport);
    expect(result).toEqual({ data: { ok: true }, refreshed: { token: 'access-2', refresh: 'refresh-2' } });
    expect(calls.map((c) => c.url.replace('http://app.test/api', ''))).toEqual([
      '/user/me',
      '/auth/refresh',
      '/user/me',
    ]);
    expect(calls[1]!.body).toEqual({ refresh_token: 'refresh-1' });
  });

  it('sends the refresh without a bearer token: the refresh token in the body is the credential', async () => {
    const { transport, calls } = scriptedTransport((url, init) => {
      if (url.endsWith('/auth/refresh')) return json(200, { token: 'access-4', refresh: 'refresh-4' });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer access-4' ? json(200, { ok: true }) : json(401, { msg: 'Token expired' });
    });
    await sendRequest({ method: 'GET', path: '/user/me' }, { access: 'expired', refresh: 'refresh-bare' }, transport);
    expect(calls.map((c) => c.auth)).toEqual(['Bearer expired', null, 'Bearer access-4']);
  });

  it('does not refresh twice when the retry fails again', async () => {
    const { transport, calls } = scriptedTransport((url) =>
      url.endsWith('/auth/refresh') ? json(200, { token: 'a3', refresh: 'r3' }) : json(401, { msg: 'Nope' }),
    );
    const error = await sendRequest(
      { method: 'GET', path: '/user/me' },
      { access: 'a', refresh: 'r-retry' },
      transport,
    ).catch((e: ApiError) => e);
    expect(error).toMatchObject({ status: 401, refreshed: { token: 'a3', refresh: 'r3' } });
    expect(calls).toHaveLength(3);
  });

  it('parallel 401s share one rotation (a second use would revoke the session)', async () => {
    let rotations = 0;
    const { transport } = scriptedTransport((url, init) => {
      if (url.endsWith('/auth/refresh')) {
        rotations += 1;
        return json(200, { token: 'fresh', refresh: 'fresh-r' });
      }
      return new Headers(init.headers).get('authorization') === 'Bearer fresh'
        ? json(200, {})
        : json(401, { msg: 'x' });
    });
    const creds = { access: 'stale', refresh: 'shared-refresh' };
    await Promise.all([1, 2, 3].map(() => sendRequest({ method: 'GET', path: '/a' }, creds, transport)));
    expect(rotations).toBe(1);
  });

  it('a failed refresh marks the failure as the end of the session', async () => {
    const { transport } = scriptedTransport((url) =>
      url.endsWith('/auth/refresh') ? json(401, { msg: 'Refresh token reused' }) : json(401, { msg: 'Token expired' }),
    );
    await expect(
      sendRequest({ method: 'GET', path: '/user/me' }, { access: 'a', refresh: 'r-dead' }, transport),
    ).rejects.toMatchObject({ status: 401, refreshFailed: true, message: 'Token expired' });
  });
});

const failing = (failure: Partial<ApiFailure>) => () =>
  Promise.reject(
    new ApiError({ kind: 'http', status: 400, message: 'Bad', serverMessage: 'Bad', ...failure } as ApiFailure),
  );

describe('the error catalogue reacts to every failed call (docs/product.md §8)', () => {
  const signedIn = [
    [$accessToken, 'access'],
    [$refreshToken, 'refresh'],
  ] as const;

  it.each([
    [400, 'Insufficient funds', 'insufficientFunds'],
    [404, 'Mint not found', 'mintNotFound'],
    [422, 'Validation error', 'validation'],
  ])("%i: toast with the code's text for 3 s and a haptic error; the session stays", async (status, msg, code) => {
    const { scope, host, toasts } = createTestScope({
      values: [...signedIn],
      handlers: [[sendRequestFx, failing({ status, message: msg, serverMessage: msg, code })]],
    });
    await allSettled(requestFx, { scope, params: { method: 'GET', path: '/x' } });
    expect(toasts).toEqual([{ text: msg, kind: 'error', durationMs: 3000 }]);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
    expect(scope.getState($accessToken)).toBe('access');
    expect(host.close).not.toHaveBeenCalled();
  });

  it.each([401, 403])('%i: toast with msg and the access token is removed', async (status) => {
    const { scope, host, toasts } = createTestScope({
      values: [...signedIn],
      handlers: [
        [sendRequestFx, failing({ status, message: 'Forbidden', serverMessage: 'Forbidden', code: 'badRequest' })],
      ],
    });
    await allSettled(requestFx, { scope, params: { method: 'GET', path: '/x' } });
    expect(toasts.map((t) => t.text)).toEqual(['Forbidden']);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
    expect(scope.getState($accessToken)).toBeNull();
    expect(scope.getState($refreshToken)).toBe('refresh');
    expect(host.close).not.toHaveBeenCalled();
  });

  it("401 'Invalid WebApp init data' closes the Mini App", async () => {
    const { scope, host } = createTestScope({
      handlers: [
        [
          sendRequestFx,
          failing({
            status: 401,
            message: INVALID_INIT_DATA_MSG,
            serverMessage: INVALID_INIT_DATA_MSG,
            code: 'invalidInitData',
          }),
        ],
      ],
    });
    await allSettled(requestFx, { scope, params: { method: 'POST', path: '/auth/register', skipAuth: true } });
    expect(host.close).toHaveBeenCalledTimes(1);
  });

  it('only the code closes the app: the same text with another code does not', async () => {
    const { scope, host } = createTestScope({
      handlers: [
        [
          sendRequestFx,
          failing({
            status: 401,
            message: INVALID_INIT_DATA_MSG,
            serverMessage: INVALID_INIT_DATA_MSG,
            code: 'notAuthenticated',
          }),
        ],
      ],
    });
    await allSettled(requestFx, { scope, params: { method: 'POST', path: '/auth/register', skipAuth: true } });
    expect(host.close).not.toHaveBeenCalled();
  });

  it('5xx: toast with the server message and the call resolves with [] or null by expected type', async () => {
    const { scope, toasts } = createTestScope({
      values: [...signedIn],
      handlers: [
        [sendRequestFx, failing({ status: 500, message: 'Database is down', serverMessage: 'Database is down' })],
      ],
    });
    const list = await allSettled(requestFx, { scope, params: { method: 'GET', path: '/mint/', fallback: 'array' } });
    const one = await allSettled(requestFx, { scope, params: { method: 'GET', path: '/user/me', fallback: 'null' } });
    expect(list).toEqual({ status: 'done', value: [] });
    expect(one).toEqual({ status: 'done', value: null });
    expect(toasts.map((t) => t.text)).toEqual(['Database is down', 'Database is down']);
    expect(scope.getState($accessToken)).toBe('access');
  });

  it('429 (a rate limit): toast with msg and a haptic error like any refusal; the call fails, the session stays', async () => {
    const msg = SERVER_MESSAGES.tooManyRequests;
    const { scope, host, toasts } = createTestScope({
      values: [...signedIn],
      handlers: [[sendRequestFx, failing({ status: 429, message: msg, serverMessage: msg, code: 'tooManyRequests' })]],
    });
    const result = await allSettled(requestFx, { scope, params: { method: 'POST', path: '/mint/create', body: {} } });
    expect(result.status).toBe('fail');
    expect(toasts).toEqual([{ text: msg, kind: 'error', durationMs: 3000 }]);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
    expect(scope.getState($accessToken)).toBe('access');
    expect(scope.getState($refreshToken)).toBe('refresh');
  });

  it('503 (database outage, shutdown, overload): a 5xx like the others: toast, fallback, the session stays', async () => {
    const msg = SERVER_MESSAGES.unavailable;
    const { scope, host, toasts } = createTestScope({
      values: [...signedIn],
      handlers: [[sendRequestFx, failing({ status: 503, message: msg, serverMessage: msg, code: 'unavailable' })]],
    });
    const one = await allSettled(requestFx, { scope, params: { method: 'GET', path: '/user/me', fallback: 'null' } });
    expect(one).toEqual({ status: 'done', value: null });
    expect(toasts.map((t) => t.text)).toEqual([msg]);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
    expect(scope.getState($accessToken)).toBe('access');
  });

  it.each([
    ['network', errorTexts.network],
    ['timeout', errorTexts.timeout],
  ] as const)('%s failure: the fixed text', async (kind, text) => {
    const { scope, toasts, host } = createTestScope({
      handlers: [[sendRequestFx, failing({ kind, status: 0, message: text, serverMessage: null })]],
    });
    const result = await allSettled(requestFx, { scope, params: { method: 'GET', path: '/x' } });
    expect(result.status).toBe('fail');
    expect(toasts.map((t) => t.text)).toEqual([text]);
    expect(host.hapticError).toHaveBeenCalledTimes(1);
  });

  it('refresh failure: refresh token removed and the user is logged out', async () => {
    const { scope } = createTestScope({
      values: [...signedIn],
      handlers: [
        [
          sendRequestFx,
          failing({ status: 401, message: 'Token expired', serverMessage: 'Token expired', refreshFailed: true }),
        ],
      ],
    });
    await allSettled(requestFx, { scope, params: { method: 'GET', path: '/user/me' } });
    expect(scope.getState($refreshToken)).toBeNull();
    expect(scope.getState($accessToken)).toBeNull();
    expect(scope.getState($isLoggedOut)).toBe(true);
  });

  it('a pair rotated on the way is stored even when the retried call failed', async () => {
    const { scope } = createTestScope({
      values: [...signedIn],
      handlers: [
        [
          sendRequestFx,
          failing({ status: 404, message: 'Gone', serverMessage: 'Gone', refreshed: { token: 'a2', refresh: 'r2' } }),
        ],
      ],
    });
    await allSettled(requestFx, { scope, params: { method: 'GET', path: '/x' } });
    expect(scope.getState($accessToken)).toBe('a2');
    expect(scope.getState($refreshToken)).toBe('r2');
  });
});
