/**
 * The server's TON node client (server/lib/ton-node.ts), against a stand-in node on 127.0.0.1 that answers
 * as toncenter's JSON-RPC does: the API key on every call, the retries after a 429, the pace shared by
 * every caller of one client. Time is a clock the test moves itself: no test waits for real time.
 */
import { once } from 'node:events';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address } from '@ton/core';
import { afterEach, describe, expect, it } from 'vitest';
import { TON_NODE_MAX_ATTEMPTS, TON_NODE_MAX_QUEUE_MS } from '../../server/constants';
import { CallPacer, type PacerClock, TonNodeError, createTonNodeClient } from '../../server/lib/ton-node';

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: { method: string; params: { address?: string } };
}

/** A node on a free port: answers the n-th call (from 0) with `answer(n)`, and records each call. */
async function standInNode(answer: (n: number) => Answer) {
  const received: Received[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const n = received.length;
      received.push({ headers: request.headers, body: JSON.parse(text) as Received['body'] });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const { status, headers, body } = answer(n);
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2/jsonRPC`,
    received,
    /** Resolves once `count` calls have arrived. */
    calls: (count: number) =>
      received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A clock that moves only when told: sleeps resolve when `advance` passes their end. */
function manualClock() {
  let now = 0;
  const timers: Array<{ at: number; resolve: () => void }> = [];
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
    sleeping: () => timers.map((timer) => timer.at),
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.resolve();
      }
    },
  } satisfies PacerClock & Record<string, unknown>;
}

/** A clock whose every sleep ends at once, moving time on by it: records what each wait asked for. */
function recordingClock() {
  let now = 0;
  const slept: number[] = [];
  return {
    now: () => now,
    async sleep(ms: number) {
      slept.push(ms);
      now += ms;
    },
    slept,
  };
}

const seqnoAnswer = (seqno: number): Answer => ({
  status: 200,
  body: {
    ok: true,
    result: { '@type': 'smc.runResult', gas_used: 0, exit_code: 0, stack: [['num', `0x${seqno.toString(16)}`]] },
  },
});
const rateLimited = (retryAfter?: string): Answer => ({
  status: 429,
  headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  body: { ok: false, error: 'Ratelimit exceed', code: 429 },
});
const wallet = (n: number) => Address.parseRaw(`0:${n.toString(16).padStart(64, '0')}`);

let node: Awaited<ReturnType<typeof standInNode>> | null = null;
afterEach(async () => {
  await node?.close();
  node = null;
});

describe('the node client', () => {
  it('sends TON_API_KEY as X-API-Key on every call, and retries a 429 after the node’s Retry-After until it succeeds', async () => {
    node = await standInNode((n) => (n < 2 ? rateLimited('2') : seqnoAnswer(7)));
    const clock = recordingClock();
    const client = createTonNodeClient({ tonNodeUrl: node.url, tonApiKey: 'toncenter-key-1', tonApiRps: 0 }, { clock });

    const { stack } = await client.runMethod(wallet(1), 'seqno');
    expect(stack.readNumber()).toBe(7);
    expect(node.received).toHaveLength(3);
    expect(node.received.map((call) => call.headers['x-api-key'])).toEqual([
      'toncenter-key-1',
      'toncenter-key-1',
      'toncenter-key-1',
    ]);
    expect(node.received.map((call) => call.body.method)).toEqual(['runGetMethod', 'runGetMethod', 'runGetMethod']);
    expect(clock.slept).toEqual([2_000, 2_000]);
  });

  it('without a key sends none; a node that keeps answering 429 is tried TON_NODE_MAX_ATTEMPTS times (1, 2, 4 s apart), then the call fails with its answer', async () => {
    node = await standInNode(() => rateLimited());
    const clock = recordingClock();
    const client = createTonNodeClient({ tonNodeUrl: node.url, tonApiKey: undefined, tonApiRps: 0 }, { clock });

    const error: unknown = await client.runMethod(wallet(1), 'seqno').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TonNodeError);
    expect((error as TonNodeError).response).toMatchObject({ status: 429, data: { error: 'Ratelimit exceed' } });
    expect(node.received).toHaveLength(TON_NODE_MAX_ATTEMPTS);
    expect(node.received.every((call) => call.headers['x-api-key'] === undefined)).toBe(true);
    expect(clock.slept).toEqual([1_000, 2_000, 4_000]);
  });

  it('calls of several callers on one client start a pace apart (TON_API_RPS), in the order they were made', async () => {
    node = await standInNode((n) => seqnoAnswer(n));
    const clock = manualClock();
    const client = createTonNodeClient({ tonNodeUrl: node.url, tonApiKey: 'k', tonApiRps: 1 }, { clock });

    const calls = [1, 2, 3].map((n) => client.runMethod(wallet(n), 'seqno'));
    await node.calls(1);
    // The other two wait for their turns, 1 s and 2 s on.
    expect(clock.sleeping()).toEqual([1_000, 2_000]);
    clock.advance(999);
    expect(clock.sleeping()).toEqual([1_000, 2_000]);
    expect(node.received).toHaveLength(1);
    clock.advance(1);
    await node.calls(2);
    expect(clock.sleeping()).toEqual([2_000]);
    clock.advance(1_000);
    await node.calls(3);
    await Promise.all(calls);
    expect(node.received.map((call) => call.body.params.address)).toEqual([1, 2, 3].map((n) => wallet(n).toString()));
  });
});

describe('the pace', () => {
  it('a 429 holds back every caller, those already waiting for their turn too', async () => {
    const clock = manualClock();
    const pacer = new CallPacer(1_000, clock);
    await pacer.turn();
    let secondStarted = false;
    const second = pacer.turn().then(() => (secondStarted = true));
    expect(clock.sleeping()).toEqual([1_000]);
    // The first call's answer was 429 with Retry-After: 5.
    pacer.holdFor(5_000);
    clock.advance(1_000);
    // Every continuation of the woken call runs before the next macrotask.
    await new Promise((resolve) => setImmediate(resolve));
    // Woken at 1 s, the second call finds the hold and waits for its end.
    expect(clock.sleeping()).toEqual([5_000]);
    expect(secondStarted).toBe(false);
    clock.advance(4_000);
    await second;
    expect(clock.now()).toBe(5_000);
  });

  it('a call that would wait longer than TON_NODE_MAX_QUEUE_MS for its turn fails at once', async () => {
    const clock = manualClock();
    const pacer = new CallPacer(1_000, clock);
    const waiting = Array.from({ length: TON_NODE_MAX_QUEUE_MS / 1_000 + 1 }, () => pacer.turn());
    expect(clock.sleeping()).toHaveLength(TON_NODE_MAX_QUEUE_MS / 1_000);
    await expect(pacer.turn()).rejects.toBeInstanceOf(TonNodeError);
    clock.advance(TON_NODE_MAX_QUEUE_MS);
    await Promise.all(waiting);
  });
});
