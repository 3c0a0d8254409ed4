/**
 * The sandbox's TON Connect HTTP bridge over real HTTP (GET /bridge/events as SSE, POST /bridge/message):
 * messages kept until their TTL, delivered once per stream and in order, a reconnect with last_event_id,
 * clients isolated, heartbeats, bad input refused with nothing stored, open during maintenance, streams
 * ended when the app closes, and an SDK-encrypted message carried unchanged. Its caps (open streams and
 * stored messages, per address and per client id: 429, nothing opened or stored), and the sandbox's purge,
 * which deletes expired messages on its timer with no new message coming.
 */
import { Base64, SessionCrypto, hexToByteArray } from '@tonconnect/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '@contract';
import type { Deps } from '../../server/deps';
import {
  BRIDGE_MAX_MESSAGES_PER_ADDRESS,
  BRIDGE_MAX_MESSAGES_PER_CLIENT_ID,
  BRIDGE_MAX_STREAMS_PER_ADDRESS,
  BRIDGE_MAX_STREAMS_PER_CLIENT_ID,
} from '../../server/sandbox/bridge/constants';
import { insertBridgeMessage } from '../../server/sandbox/bridge/queries';
import { bridgeRoutes } from '../../server/sandbox/bridge/routes';
import { postBridgeMessage as postFromServer } from '../../server/sandbox/bridge/service';
import { type TestContext, createTestContext } from './helpers';
import { type BridgeStreamClient, newClientId, openBridgeStream, postBridgeMessage } from './support/bridge-client';

let ctx: TestContext;
let base: string;
const open: BridgeStreamClient[] = [];
/** The sandbox purge's timer (server/sandbox/purge.ts), short here so a test sees it run. */
const PURGE_INTERVAL_MS = 50;
beforeAll(async () => {
  ctx = await createTestContext({ sandboxPurgeIntervalMs: PURGE_INTERVAL_MS });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await ctx?.close();
});

const stream = async (query: Record<string, string>) => {
  const client = await openBridgeStream(base, query);
  open.push(client);
  expect(client.status).toBe(200);
  return client;
};
/** Posts as the SDK does and expects the bridge's OK. */
const post = async (from: string, to: string, text: string, extra: { ttl?: string; trace_id?: string } = {}) => {
  const response = await postBridgeMessage(
    base,
    { client_id: from, to, ...extra },
    Buffer.from(text).toString('base64'),
  );
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ message: 'OK', statusCode: 200 });
};
const texts = (client: BridgeStreamClient) =>
  client.messages().map((message) => Buffer.from(message.message, 'base64').toString());
const ids = (client: BridgeStreamClient) => client.messages().map((message) => BigInt(message.id));
const ascending = (values: bigint[]) => values.every((value, i) => i === 0 || value > values[i - 1]!);
const storedCount = async () =>
  Number((await ctx.db.query<{ n: bigint }>('SELECT count(*)::bigint AS n FROM sandbox_bridge_messages'))[0]!.n);

describe('the sandbox TON Connect bridge', () => {
  it('streams as SSE: messages posted before and after it opened arrive once each, in id order, with their sender', async () => {
    const app = newClientId();
    const wallet = newClientId();
    await post(app, wallet, 'one');
    await post(app, wallet, 'two');
    const client = await stream({ client_id: wallet });
    expect(client.headers.get('content-type')).toBe('text/event-stream');
    expect(client.headers.get('cache-control')).toBe('no-cache');
    expect(client.headers.get('x-accel-buffering')).toBe('no');
    await client.untilMessages(2);
    await post(app, wallet, 'three', { trace_id: 'a-trace' });
    // A last message after the others: had any come twice, it would be there before this one.
    await post(app, wallet, 'four');
    const messages = await client.untilMessages(4);
    expect(texts(client)).toEqual(['one', 'two', 'three', 'four']);
    expect(ascending(ids(client))).toBe(true);
    expect(messages.every((message) => message.from === app)).toBe(true);
    expect(messages[2]!.trace_id).toBe('a-trace');
    expect(messages[0]).not.toHaveProperty('trace_id');
  });

  it('a second stream without last_event_id gets none of the messages already delivered, only new ones', async () => {
    const app = newClientId();
    const wallet = newClientId();
    await post(app, wallet, 'one');
    const first = await stream({ client_id: wallet });
    await first.untilMessages(1);
    first.close();
    const second = await stream({ client_id: wallet });
    await post(app, wallet, 'two');
    await second.untilMessages(1);
    expect(texts(second)).toEqual(['two']);
  });

  it('a reconnect with last_event_id gets every later message, delivered or not (those posted meanwhile too), then live ones', async () => {
    const app = newClientId();
    const wallet = newClientId();
    const first = await stream({ client_id: wallet });
    await post(app, wallet, 'one');
    await post(app, wallet, 'two');
    await first.untilMessages(2);
    first.close();
    await post(app, wallet, 'while away');
    const [one] = first.messages();

    const again = await stream({ client_id: wallet, last_event_id: one!.id });
    await again.untilMessages(2);
    await post(app, wallet, 'live');
    await again.untilMessages(3);
    expect(texts(again)).toEqual(['two', 'while away', 'live']);
    expect(ascending(ids(again))).toBe(true);
    expect(BigInt(again.messages()[0]!.id)).toBeGreaterThan(BigInt(one!.id));
  });

  it('an expired message is never delivered, and is purged', async () => {
    const app = newClientId();
    const wallet = newClientId();
    await post(app, wallet, 'short-lived', { ttl: '1' });
    // The TTL runs on the database's clock (now()): a real second has to pass. Polled, not slept; ≤ ~1.1 s.
    // Gone is expired too: the sandbox's purge may have deleted it already.
    const expired = async () =>
      (
        await ctx.db.query<{ expired: boolean }>(
          'SELECT expires_at <= now() AS expired FROM sandbox_bridge_messages WHERE to_client = $1',
          [wallet],
        )
      )[0]?.expired ?? true;
    await expect.poll(expired, { timeout: 3_000, interval: 50 }).toBe(true);
    const fresh = await stream({ client_id: wallet });
    const replay = await stream({ client_id: wallet, last_event_id: '0' });
    await post(app, wallet, 'fresh');
    await fresh.untilMessages(1);
    await replay.untilMessages(1);
    expect(texts(fresh)).toEqual(['fresh']);
    expect(texts(replay)).toEqual(['fresh']);
    // The next insert dropped it (if the purge had not).
    const rows = await ctx.db.query<{ message: string }>(
      'SELECT message FROM sandbox_bridge_messages WHERE to_client = $1',
      [wallet],
    );
    expect(rows.map((row) => Buffer.from(row.message, 'base64').toString())).toEqual(['fresh']);
  });

  it('two clients are isolated; one stream may listen to several client ids (any case), in id order', async () => {
    const app = newClientId();
    const walletA = newClientId();
    const walletB = newClientId();
    const a = await stream({ client_id: walletA });
    const b = await stream({ client_id: walletB });
    const both = await stream({ client_id: `${walletA.toUpperCase()},${walletB}` });
    await post(app, walletA, 'for A');
    await post(app, walletB, 'for B');
    await post(app, walletA.toUpperCase(), 'for A again');
    await a.untilMessages(2);
    await b.untilMessages(1);
    await both.untilMessages(3);
    // One more for each single stream: nothing else came before it.
    await post(app, walletA, 'end A');
    await post(app, walletB, 'end B');
    await a.untilMessages(3);
    await b.untilMessages(2);
    expect(texts(a)).toEqual(['for A', 'for A again', 'end A']);
    expect(texts(b)).toEqual(['for B', 'end B']);
    await both.untilMessages(5);
    expect(texts(both)).toEqual(['for A', 'for B', 'for A again', 'end A', 'end B']);
    expect(ascending(ids(both))).toBe(true);
  });

  it('postBridgeMessage (the server-side wallet) stores and notifies like a POST', async () => {
    const app = newClientId();
    const wallet = newClientId();
    const client = await stream({ client_id: app });
    const deps = { config: ctx.config, db: ctx.db, bus: ctx.bus } as Deps;
    const { id } = await postFromServer(deps, {
      from: wallet.toUpperCase(),
      to: app,
      ttlSeconds: 60,
      message: Buffer.from('from the wallet').toString('base64'),
      traceId: 't-1',
      senderAddress: '203.0.113.7',
    });
    const [message] = await client.untilMessages(1);
    expect(message).toEqual({
      id,
      from: wallet,
      message: Buffer.from('from the wallet').toString('base64'),
      trace_id: 't-1',
    });
  });

  it('carries an SDK-encrypted message unchanged: the wallet decrypts what the app encrypted', async () => {
    const appSession = new SessionCrypto();
    const walletSession = new SessionCrypto();
    const request = JSON.stringify({ method: 'sendTransaction', params: ['{"valid_until":1}'], id: '7' });
    const encrypted = appSession.encrypt(request, hexToByteArray(walletSession.sessionId));
    const client = await stream({ client_id: walletSession.sessionId });
    // Exactly the SDK's POST: Base64.encode of the encrypted bytes, as the fetch body.
    const response = await postBridgeMessage(
      base,
      { client_id: appSession.sessionId, to: walletSession.sessionId, topic: 'sendTransaction' },
      Base64.encode(encrypted),
    );
    expect(response.status).toBe(200);
    const [message] = await client.untilMessages(1);
    expect(message!.from).toBe(appSession.sessionId);
    const decrypted = walletSession.decrypt(
      Base64.decode(message!.message).toUint8Array(),
      hexToByteArray(message!.from),
    );
    expect(decrypted).toBe(request);
  });

  it('accepts the body as text/plain, with no content type, and in URL-safe base64', async () => {
    const app = newClientId();
    const wallet = newClientId();
    const client = await stream({ client_id: wallet });
    const url = `${base}/bridge/message?client_id=${app}&to=${wallet}&ttl=60`;
    const bytes = Buffer.from([0xfb, 0xff, 0xfe]);
    // A Uint8Array body: fetch sends no content type.
    const untyped = await fetch(url, { method: 'POST', body: new Uint8Array(Buffer.from(bytes.toString('base64'))) });
    expect(untyped.status).toBe(200);
    const plain = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: bytes.toString('base64url'),
    });
    expect(plain.status).toBe(200);
    await client.untilMessages(2);
    expect(client.messages().map((message) => message.message)).toEqual(['+//+', '-__-']);
  });

  it('refuses bad input with 422 and stores nothing', async () => {
    const app = newClientId();
    const wallet = newClientId();
    const before = await storedCount();
    const body = Buffer.from('x').toString('base64');
    const badPosts: Array<[string, string | undefined]> = [
      [`client_id=${app.slice(1)}&to=${wallet}&ttl=60`, body],
      [`client_id=${app}z&to=${wallet}&ttl=60`, body],
      [`client_id=${app}&ttl=60`, body],
      [`client_id=${app}&to=${wallet}&to=${wallet}&ttl=60`, body],
      [`client_id=${app}&to=${wallet}&ttl=0`, body],
      [`client_id=${app}&to=${wallet}&ttl=301`, body],
      [`client_id=${app}&to=${wallet}&ttl=1.5`, body],
      [`client_id=${app}&to=${wallet}&ttl=abc`, body],
      [`client_id=${app}&to=${wallet}&ttl=-1`, body],
      [`client_id=${app}&to=${wallet}`, body],
      [`client_id=${app}&to=${wallet}&ttl=60`, ''],
      [`client_id=${app}&to=${wallet}&ttl=60`, undefined],
      [`client_id=${app}&to=${wallet}&ttl=60`, 'not base64!'],
      [`client_id=${app}&to=${wallet}&ttl=60`, 'abcde'],
      [`client_id=${app}&to=${wallet}&ttl=60`, 'ab+_'],
    ];
    for (const [query, payload] of badPosts) {
      const response = await fetch(`${base}/bridge/message?${query}`, {
        method: 'POST',
        ...(payload !== undefined ? { body: payload } : {}),
      });
      expect(response.status, `${query} ${payload}`).toBe(422);
      const error = (await response.json()) as { msg: string; code: string };
      expect(error.code).toBe('validation');
      expect(error.msg).toEqual(expect.any(String));
    }
    const tooLong = await fetch(`${base}/bridge/message?client_id=${app}&to=${wallet}&ttl=60`, {
      method: 'POST',
      body: 'A'.repeat(64 * 1024 + 4),
    });
    expect(tooLong.status).toBe(413);
    expect(await storedCount()).toBe(before);

    const elevenIds = Array.from({ length: 11 }, newClientId).join(',');
    for (const query of [
      '',
      'client_id=',
      `client_id=${wallet.slice(2)}`,
      `client_id=${wallet},nothex`,
      `client_id=${elevenIds}`,
      `client_id=${wallet}&last_event_id=-1`,
      `client_id=${wallet}&last_event_id=abc`,
      `client_id=${wallet}&last_event_id=1.5`,
      `client_id=${wallet}&last_event_id=9999999999999999999`,
    ]) {
      const response = await fetch(`${base}/bridge/events?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      await response.body?.cancel();
    }
  });

  it('stays open during maintenance (the wallet transport, not the app API)', async () => {
    const app = newClientId();
    const wallet = newClientId();
    const turn = (enabled: boolean) =>
      ctx.app.inject({ method: 'POST', url: '/sandbox/api/maintenance', payload: { enabled } });
    expect((await turn(true)).statusCode).toBe(200);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(503);
      const client = await stream({ client_id: wallet });
      await post(app, wallet, 'during maintenance');
      await client.untilMessages(1);
      expect(texts(client)).toEqual(['during maintenance']);
    } finally {
      await turn(false);
    }
  });
});

describe('the bridge routes on their own (a short heartbeat)', () => {
  let small: FastifyInstance;
  let smallBase: string;
  beforeAll(async () => {
    small = Fastify({ logger: false });
    await small.register(bridgeRoutes({ config: ctx.config, db: ctx.db, bus: ctx.bus } as Deps, { heartbeatMs: 50 }));
    smallBase = await small.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('sends heartbeats, and on each one reads the database (a missed notification only delays delivery)', async () => {
    const wallet = newClientId();
    const client = await openBridgeStream(smallBase, { client_id: wallet });
    open.push(client);
    await client.until(
      (frames) => frames.filter((frame) => frame.event === 'heartbeat' && frame.data === 'heartbeat').length >= 2,
      'two heartbeats',
    );
    // Stored without telling the bus: only a heartbeat's read finds it.
    await ctx.db.tx((q) =>
      insertBridgeMessage(q, {
        to: wallet,
        from: newClientId(),
        message: 'AAAA',
        traceId: null,
        ttlSeconds: 60,
        senderAddress: '127.0.0.1',
      }),
    );
    const [message] = await client.untilMessages(1);
    expect(message!.message).toBe('AAAA');
  });

  it('closing the app ends its open streams instead of waiting for them', async () => {
    const client = await openBridgeStream(smallBase, { client_id: newClientId() });
    open.push(client);
    const closing = small.close();
    const timeout = new Promise((_resolve, reject) => setTimeout(() => reject(new Error('app.close() hung')), 5_000));
    await Promise.race([closing, timeout]);
    await Promise.race([client.ended, timeout]);
  });
});

describe('the bridge’s caps: 429 with a code beyond each, nothing opened or stored', () => {
  /** A stream that must be refused: its answer, read as JSON. */
  const refusedStream = async (at: string, clientIds: string) => {
    const response = await fetch(`${at}/bridge/events?client_id=${clientIds}`);
    expect(response.status).toBe(429);
    return (await response.json()) as ErrorBody;
  };

  it('open streams per client id: the app answers 429 bridgeTooManyStreams', async () => {
    const wallet = newClientId();
    for (let i = 0; i < BRIDGE_MAX_STREAMS_PER_CLIENT_ID; i++) await stream({ client_id: wallet });
    // The id among others, in another case: still the same client id.
    expect(await refusedStream(base, `${newClientId()},${wallet.toUpperCase()}`)).toEqual({
      msg: `Too many open bridge streams for this client id (at most ${BRIDGE_MAX_STREAMS_PER_CLIENT_ID}): close one first`,
      code: 'bridgeTooManyStreams',
      params: { per: 'for this client id', max: String(BRIDGE_MAX_STREAMS_PER_CLIENT_ID) },
    });
  });

  describe('open streams per address (the bridge on its own: the other tests’ streams count in the app’s)', () => {
    let capped: FastifyInstance;
    let cappedBase: string;
    beforeAll(async () => {
      capped = Fastify({ logger: false });
      await capped.register(bridgeRoutes({ config: ctx.config, db: ctx.db, bus: ctx.bus } as Deps));
      cappedBase = await capped.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await capped?.close();
    });

    it('one address holds at most its cap, whatever the client ids; a closed stream frees its slot', async () => {
      const streams: BridgeStreamClient[] = [];
      while (streams.length < BRIDGE_MAX_STREAMS_PER_ADDRESS) {
        const client = await openBridgeStream(cappedBase, { client_id: newClientId() });
        open.push(client);
        streams.push(client);
        expect(client.status).toBe(200);
      }
      // Fastify's own error body here (no app around it), with the code and the text.
      const refused = await refusedStream(cappedBase, newClientId());
      expect(refused).toMatchObject({
        code: 'bridgeTooManyStreams',
        message: `Too many open bridge streams from this address (at most ${BRIDGE_MAX_STREAMS_PER_ADDRESS}): close one first`,
      });
      // The refused ones were never opened: closing one stream is enough for one more (once the server sees it close).
      streams[0]!.close();
      await vi.waitFor(
        async () => {
          const again = await openBridgeStream(cappedBase, { client_id: newClientId() });
          open.push(again);
          expect(again.status).toBe(200);
        },
        { timeout: 5_000, interval: 20 },
      );
    });
  });

  it('stored messages: per client id, whoever posts; per address, to whomever; expired ones do not count', async () => {
    const deps = { config: ctx.config, db: ctx.db, bus: ctx.bus } as Deps;
    const body = Buffer.from('x').toString('base64');
    const fromHere = (to: string) => postBridgeMessage(base, { client_id: newClientId(), to, ttl: '300' }, body);
    const fromElsewhere = (to: string, senderAddress = '198.51.100.4') =>
      postFromServer(deps, { from: newClientId(), to, ttlSeconds: 300, message: body, senderAddress });
    // Only this test's messages (this file's others, all from 127.0.0.1, would count).
    await ctx.db.query('DELETE FROM sandbox_bridge_messages');
    try {
      const inbox = newClientId();
      for (let i = 0; i < BRIDGE_MAX_MESSAGES_PER_CLIENT_ID; i++) expect((await fromHere(inbox)).status).toBe(200);
      const refused = await fromHere(inbox);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        msg: `Too many unexpired bridge messages for this client id (at most ${BRIDGE_MAX_MESSAGES_PER_CLIENT_ID}): wait until they expire`,
        code: 'bridgeTooManyMessages',
        params: { per: 'for this client id', max: String(BRIDGE_MAX_MESSAGES_PER_CLIENT_ID) },
      });
      await expect(fromElsewhere(inbox)).rejects.toMatchObject({ status: 429, code: 'bridgeTooManyMessages' });
      expect(await storedCount()).toBe(BRIDGE_MAX_MESSAGES_PER_CLIENT_ID);

      while ((await storedCount()) < BRIDGE_MAX_MESSAGES_PER_ADDRESS) {
        expect((await fromHere(newClientId())).status).toBe(200);
      }
      const overAddress = await fromHere(newClientId());
      expect(overAddress.status).toBe(429);
      expect(((await overAddress.json()) as ErrorBody).params).toEqual({
        per: 'from this address',
        max: String(BRIDGE_MAX_MESSAGES_PER_ADDRESS),
      });
      // The phone wallet's messages (posted by the server for its caller) count for the caller's address.
      await expect(fromElsewhere(newClientId(), '127.0.0.1')).rejects.toMatchObject({ status: 429 });
      expect(await storedCount()).toBe(BRIDGE_MAX_MESSAGES_PER_ADDRESS);
      // Another address is not held back.
      await fromElsewhere(newClientId());

      // Once expired (the TTL runs on the database's clock), they no longer count.
      await ctx.db.query("UPDATE sandbox_bridge_messages SET expires_at = now() - interval '1 second'");
      expect((await fromHere(inbox)).status).toBe(200);
    } finally {
      await ctx.db.query('DELETE FROM sandbox_bridge_messages');
    }
  });
});

describe('the sandbox purge (started with the app)', () => {
  it('deletes expired messages on its timer, with no new message coming; unexpired ones stay', async () => {
    const app = newClientId();
    const gone = newClientId();
    const kept = newClientId();
    await post(app, gone, 'expires');
    await post(app, kept, 'stays');
    await ctx.db.query(
      "UPDATE sandbox_bridge_messages SET expires_at = now() - interval '1 second' WHERE to_client = $1",
      [gone],
    );
    const rowsFor = async (clientId: string) =>
      (await ctx.db.query('SELECT 1 FROM sandbox_bridge_messages WHERE to_client = $1', [clientId])).length;
    await vi.waitFor(async () => expect(await rowsFor(gone)).toBe(0), { timeout: 5_000, interval: PURGE_INTERVAL_MS });
    expect(await rowsFor(kept)).toBe(1);
  });
});
