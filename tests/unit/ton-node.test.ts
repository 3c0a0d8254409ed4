import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTonNodeClient, nanoToTon, TonNodeError, type TonNodeErrorKind } from '@/shared/api/ton-node';

const URL = 'https://node.example/api/v2/jsonRPC';
const ADDRESS = 'UQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAJKZ';

type Reply = { status?: number; body: unknown } | { status?: number; text: string } | Error;

/** A fake fetch answering each call with the next reply; records the requests. */
function fakeNode(...replies: Reply[]) {
  const requests: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    requests.push({ url: String(url), init, body: JSON.parse(String(init.body)) });
    const reply = replies.shift() ?? { body: { ok: true, result: null } };
    if (reply instanceof Error) throw reply;
    const text = 'text' in reply ? reply.text : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200 });
  });
  const client = createTonNodeClient({ url: URL, fetch: fetch as unknown as typeof globalThis.fetch });
  return { client, requests, fetch };
}

async function failure(promise: Promise<unknown>): Promise<TonNodeError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TonNodeError);
  return error as TonNodeError;
}

async function expectKind(promise: Promise<unknown>, kind: TonNodeErrorKind, message?: RegExp) {
  const error = await failure(promise);
  expect(error.kind).toBe(kind);
  if (message) expect(error.message).toMatch(message);
  return error;
}

const accountInfo = (state: string, balance: unknown = '1500000000'): Reply => ({
  body: { ok: true, result: { '@type': 'raw.fullAccountState', balance, code: '', data: '', state, sync_utime: 1 } },
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('POSTs a JSON-RPC 2.0 body with an id that increments per client', async () => {
    const { client, requests } = fakeNode(
      { body: { ok: true, result: '1' } },
      { body: { ok: true, result: '2' } },
      { body: { ok: true, result: [] } },
    );
    await client.getAddressBalance(ADDRESS);
    await client.call('getMasterchainInfo', {});
    await client.getTransactions(ADDRESS, { lt: '42', hash: 'h=' });

    expect(requests.map((r) => r.url)).toEqual([URL, URL, URL]);
    expect(requests[0]!.init.method).toBe('POST');
    expect(new Headers(requests[0]!.init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(requests[0]!.init.headers).has('authorization')).toBe(false);
    expect(requests.map((r) => r.body)).toEqual([
      { id: 1, jsonrpc: '2.0', method: 'getAddressBalance', params: { address: ADDRESS } },
      { id: 2, jsonrpc: '2.0', method: 'getMasterchainInfo', params: {} },
      {
        id: 3,
        jsonrpc: '2.0',
        method: 'getTransactions',
        params: { address: ADDRESS, limit: 100, lt: '42', hash: 'h=' },
      },
    ]);
  });

  it('each client counts its own ids', async () => {
    const a = fakeNode();
    const b = fakeNode();
    await a.client.call('x', {});
    await a.client.call('x', {});
    await b.client.call('x', {});
    expect(a.requests.map((r) => r.body.id)).toEqual([1, 2]);
    expect(b.requests.map((r) => r.body.id)).toEqual([1]);
  });

  it('sends the params each method documents', async () => {
    const { client, requests } = fakeNode(
      { body: { ok: true, result: { exit_code: 0, stack: [['num', '0x2a']] } } },
      { body: { ok: true, result: { '@type': 'ok' } } },
      { body: { ok: true, result: { source_fees: {}, destination_fees: [] } } },
      { body: { ok: true, result: [] } },
    );
    await client.runGetMethod(ADDRESS, 'get_wallet_data', [['num', '1']]);
    await client.sendBoc('te6cc');
    await client.estimateFee(ADDRESS, 'te6ccbody');
    await client.getTransactions(ADDRESS, { limit: 5 });
    expect(requests.map((r) => [r.body.method, r.body.params])).toEqual([
      ['runGetMethod', { address: ADDRESS, method: 'get_wallet_data', stack: [['num', '1']] }],
      ['sendBoc', { boc: 'te6cc' }],
      ['estimateFee', { address: ADDRESS, body: 'te6ccbody', init_code: '', init_data: '', ignore_chksig: true }],
      ['getTransactions', { address: ADDRESS, limit: 5 }],
    ]);
  });

  it('uses the global fetch when none is injected', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true, result: '7' })));
    vi.stubGlobal('fetch', fetch);
    await expect(createTonNodeClient({ url: URL }).getAddressBalance(ADDRESS)).resolves.toBe('7');
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe('envelopes', () => {
  it('toncenter { ok: true, result }', async () => {
    const { client } = fakeNode({ body: { ok: true, result: { seqno: 1 }, '@extra': 'x' } });
    await expect(client.call('getMasterchainInfo', {})).resolves.toEqual({ seqno: 1 });
  });

  it('JSON-RPC { jsonrpc, id, result }, and toncenter jsonRPC with both', async () => {
    const { client } = fakeNode(
      { body: { jsonrpc: '2.0', id: 1, result: '10' } },
      { body: { ok: true, jsonrpc: '2.0', id: 2, result: '20' } },
    );
    await expect(client.getAddressBalance(ADDRESS)).resolves.toBe('10');
    await expect(client.getAddressBalance(ADDRESS)).resolves.toBe('20');
  });

  it('a numeric balance is normalised to a nanoton string', async () => {
    const { client } = fakeNode({ body: { ok: true, result: 123 } }, accountInfo('active', 5));
    await expect(client.getAddressBalance(ADDRESS)).resolves.toBe('123');
    await expect(client.getAddressInformation(ADDRESS)).resolves.toMatchObject({ balance: '5', state: 'active' });
  });
});

describe('errors (docs/product.md §8 "Blockchain node errors")', () => {
  it('response-not-ok: HTTP status, with the node’s own words when it sent any', async () => {
    const { client } = fakeNode(
      { status: 500, body: { ok: false, error: 'LITE_SERVER_UNKNOWN: cannot load block', code: 500 } },
      { status: 429, text: 'Too Many Requests' },
      { status: 502, text: '' },
    );
    const first = await expectKind(client.getAddressBalance(ADDRESS), 'response-not-ok', /HTTP 500: LITE_SERVER/);
    expect([first.status, first.code, first.method]).toEqual([500, 500, 'getAddressBalance']);
    expect(first.message).toBe('TON node getAddressBalance: HTTP 500: LITE_SERVER_UNKNOWN: cannot load block');
    const second = await expectKind(client.sendBoc('x'), 'response-not-ok', /HTTP 429: Too Many Requests$/);
    expect(second.status).toBe(429);
    await expectKind(client.sendBoc('x'), 'response-not-ok', /sendBoc: HTTP 502$/);
  });

  it('response-not-ok: an envelope that says so, even with HTTP 200', async () => {
    const { client } = fakeNode(
      { body: { ok: false, error: 'Incorrect address', code: 416 } },
      { body: { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } } },
    );
    const toncenter = await expectKind(client.getAddressInformation('bad'), 'response-not-ok', /: Incorrect address$/);
    expect([toncenter.status, toncenter.code]).toEqual([200, 416]);
    const rpc = await expectKind(client.call('nope', {}), 'response-not-ok', /: Method not found$/);
    expect(rpc.code).toBe(-32601);
  });

  it('malformed-response: not JSON, not an object, no result, wrong result shape', async () => {
    const { client } = fakeNode(
      { text: '<html>gateway</html>' },
      { body: [1, 2] },
      { body: { ok: true } },
      { body: { jsonrpc: '2.0', id: 4 } },
      { body: { ok: true, result: 'lots' } },
      { body: { ok: true, result: { state: 'active', balance: '-1' } } },
      { body: { ok: true, result: { stack: [] } } },
      { body: { ok: true, result: {} } },
    );
    await expectKind(client.call('a', {}), 'malformed-response', /response is not JSON: <html>gateway<\/html>$/);
    await expectKind(client.call('a', {}), 'malformed-response', /response is not an object$/);
    await expectKind(client.call('a', {}), 'malformed-response', /response has no result$/);
    await expectKind(client.call('a', {}), 'malformed-response', /response has no result$/);
    await expectKind(client.getAddressBalance(ADDRESS), 'malformed-response', /not a nanoton amount: "lots"$/);
    await expectKind(client.getAddressInformation(ADDRESS), 'malformed-response', /balance is not a nanoton amount/);
    await expectKind(client.runGetMethod(ADDRESS, 'seqno'), 'malformed-response', /result has no exit_code$/);
    await expectKind(client.getTransactions(ADDRESS), 'malformed-response', /result is not a list$/);
  });

  it('exit-code: anything but 0 and 1 (both mean success)', async () => {
    const { client } = fakeNode(
      { body: { ok: true, result: { exit_code: 0, stack: [] } } },
      { body: { ok: true, result: { exit_code: 1, stack: [] } } },
      { body: { ok: true, result: { exit_code: -13, stack: [] } } },
      { body: { ok: true, result: { exit_code: 11, stack: [] } } },
    );
    await expect(client.runGetMethod(ADDRESS, 'seqno')).resolves.toMatchObject({ exit_code: 0 });
    await expect(client.runGetMethod(ADDRESS, 'seqno')).resolves.toMatchObject({ exit_code: 1 });
    const error = await expectKind(client.runGetMethod(ADDRESS, 'seqno'), 'exit-code', /"seqno" exited with code -13$/);
    expect(error.exitCode).toBe(-13);
    await expectKind(client.runGetMethod(ADDRESS, 'get_jetton_data'), 'exit-code', /code 11$/);
  });

  it('unsupported-state: only active, uninitialized and frozen pass', async () => {
    const { client } = fakeNode(
      accountInfo('active'),
      accountInfo('uninitialized'),
      accountInfo('frozen'),
      accountInfo('nonexist'),
      { body: { ok: true, result: { balance: '0' } } },
    );
    for (const state of ['active', 'uninitialized', 'frozen']) {
      await expect(client.getAddressInformation(ADDRESS)).resolves.toMatchObject({ state, balance: '1500000000' });
    }
    const error = await expectKind(client.getAddressInformation(ADDRESS), 'unsupported-state', /state "nonexist"$/);
    expect(error.state).toBe('nonexist');
    await expectKind(client.getAddressInformation(ADDRESS), 'unsupported-state', /state undefined$/);
  });

  it('network: fetch itself rejects', async () => {
    const { client } = fakeNode(new TypeError('Failed to fetch'));
    const error = await expectKind(client.call('a', {}), 'network', /a: request failed: Failed to fetch$/);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('timeout: aborts the request after timeoutMs (default 30 s)', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const hanging = vi.fn(
      (_url: unknown, init: RequestInit) =>
        new Promise<Response>((_, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createTonNodeClient({ url: URL, fetch: hanging as unknown as typeof fetch });
    const pending = expectKind(client.getAddressBalance(ADDRESS), 'timeout', /no response within 30000 ms$/);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(signal?.aborted).toBe(true);
  });

  it('a custom timeoutMs, and no timer left behind after a reply', async () => {
    vi.useFakeTimers();
    const never = vi.fn(
      (_: unknown, init: RequestInit) =>
        new Promise<Response>((_r, reject) => {
          init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const slow = createTonNodeClient({ url: URL, fetch: never as unknown as typeof fetch, timeoutMs: 500 });
    const pending = expectKind(slow.call('a', {}), 'timeout', /within 500 ms$/);
    await vi.advanceTimersByTimeAsync(500);
    await pending;

    const { client } = fakeNode({ body: { ok: true, result: '1' } });
    await client.getAddressBalance(ADDRESS);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('nanoToTon', () => {
  it.each([
    ['0', '0'],
    ['1', '0.000000001'],
    ['1000000000', '1'],
    ['1500000000', '1.5'],
    ['123456789', '0.123456789'],
    ['-2500000000', '-2.5'],
    ['5000000000000000000', '5000000000'],
    ['9007199254740993', '9007199.254740993'],
  ] as const)('%s nano → %s TON', (nano, ton) => {
    expect(nanoToTon(nano)).toBe(ton);
  });

  it('takes bigints', () => {
    expect(nanoToTon(12_345_678_901n)).toBe('12.345678901');
  });

  it('is exact where floats are not (above 2^53 nano)', () => {
    const nano = 333266372425432542n;
    expect(nanoToTon(nano)).toBe('333266372.425432542');
    expect(String(Number(nano) / 1e9)).not.toBe('333266372.425432542');
  });

  it.each(['', '1.5', '1e9', ' 1', '0x10', 'abc'])('rejects %j', (bad) => {
    expect(() => nanoToTon(bad)).toThrow(TypeError);
  });
});

describe("the app's wallet balance effect", () => {
  it('reads getAddressInformation on the configured node and answers its balance in nanotons', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as { method: string };
      expect(body.method).toBe('getAddressInformation');
      return new Response(JSON.stringify((accountInfo('active', '98994692000') as { body: unknown }).body));
    });
    vi.stubGlobal('fetch', fetch);
    const { getAddressBalanceFx } = await import('@/shared/api/ton-node');
    await expect(getAddressBalanceFx(ADDRESS)).resolves.toBe('98994692000');
    expect(fetch).toHaveBeenCalledTimes(1);
    // An account in a state the app does not know is an error, not a balance.
    fetch.mockImplementationOnce(
      async () => new Response(JSON.stringify((accountInfo('weird') as { body: unknown }).body)),
    );
    await expectKind(getAddressBalanceFx(ADDRESS), 'unsupported-state');
  });
});
