import { describe, expect, it, vi } from 'vitest';
import { createTransport } from '@/shared/api';
import { HttpError, TimeoutError } from '@/shared/api/transport';

function recording(answer: () => Response | Promise<Response>) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return answer();
  });
  return { transport: createTransport({ baseURL: '/api', timeoutMs: 100, fetch }), seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

describe('the HTTP transport under every API call', () => {
  it('joins the base URL, the path and the query (undefined left out, values encoded)', async () => {
    const { transport, seen } = recording(() => json(200, {}));
    await transport('/mint/calculate', { method: 'GET', query: { amount: '1.5', freeze_days: 30, page: undefined, q: 'a b&c' } });
    await transport('/user/me', { method: 'GET' });
    expect(seen.map((call) => call.url)).toEqual(['/api/mint/calculate?amount=1.5&freeze_days=30&q=a%20b%26c', '/api/user/me']);
  });

  it('sends an object as JSON with its content type, and parses a JSON answer', async () => {
    const { transport, seen } = recording(() => json(201, { id: 7 }));
    const data = await transport('/mint/create', { method: 'POST', body: { amount: '1', days: 30 }, headers: { Authorization: 'Bearer t' } });
    expect(data).toEqual({ id: 7 });
    const headers = new Headers(seen[0]!.init.headers);
    expect(seen[0]!.init.body).toBe('{"amount":"1","days":30}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer t');
  });

  it('an empty answer is undefined; a text answer stays text', async () => {
    expect(await recording(() => new Response(null, { status: 204 })).transport('/x', { method: 'POST' })).toBeUndefined();
    expect(await recording(() => new Response('ok', { status: 200 })).transport('/x', { method: 'GET' })).toBe('ok');
  });

  it('a status outside 2xx is an HttpError with the parsed answer', async () => {
    const error = await recording(() => json(409, { msg: 'Mint is not active' }))
      .transport('/staking/create', { method: 'POST', body: { mint_id: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, data: { msg: 'Mint is not active' } });
  });

  it('a call slower than the timeout is aborted with a TimeoutError', async () => {
    const slow = createTransport({
      baseURL: '',
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    await expect(slow('/x', { method: 'GET' })).rejects.toBeInstanceOf(TimeoutError);
  });
});
