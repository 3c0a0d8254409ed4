/**
 * The phone-style Dev Wallet's server half: TON Connect sessions whose keys stay on the server, and the
 * protocol over the real local bridge, checked from the app's side with @tonconnect/protocol's own
 * SessionCrypto (as the SDK is): the connect event arrives encrypted for the app's session, with ton_addr
 * and ton_proof; a request the app sends decrypts on the wallet's side; each request is answered once;
 * events carry increasing ids; a declined connect or a disconnect ends the session; another user's
 * launch data reaches none of it. The sandbox's purge deletes a session the app disconnected once the
 * answer has expired, and one unused for a week; a session in use stays.
 */
import { Address } from '@ton/core';
import { Base64, SessionCrypto, hexToByteArray } from '@tonconnect/protocol';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MOBILE_WALLET_MESSAGE_TTL_SECONDS,
  MOBILE_WALLET_SESSION_IDLE_SECONDS,
} from '../../server/sandbox/wallet/constants';
import { type TestContext, createTestContext, sandboxConfig } from './helpers';
import { newClientId, openBridgeStream, postBridgeMessage } from './support/bridge-client';

const PUBLIC_URL = 'https://sandbox.example.com';
const MANIFEST_URL = `${PUBLIC_URL}/tonconnect-manifest.json`;

let ctx: TestContext;
let base: string;
/** The sandbox purge's timer (server/sandbox/purge.ts), short here so a test sees it run. */
const PURGE_INTERVAL_MS = 50;
beforeAll(async () => {
  ctx = await createTestContext({
    config: sandboxConfig({ publicUrl: PUBLIC_URL }),
    sandboxPurgeIntervalMs: PURGE_INTERVAL_MS,
  });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

const inject = (options: InjectOptions) => ctx.app.inject(options);

async function launchedUser(name: string) {
  const created = await inject({ method: 'POST', url: '/sandbox/api/users', payload: { first_name: name } });
  const user = created.json<{ id: number }>();
  const launch = (await inject({ method: 'GET', url: `/sandbox/api/users/${user.id}/launch` })).json<{ url: string }>();
  return new URLSearchParams(launch.url.split('#')[1]).get('tgWebAppData')!;
}

const post = (url: string, payload: object) => inject({ method: 'POST', url, payload });

async function openSession(initData: string, appClientId: string, create = true) {
  return post('/sandbox/api/mobile-wallet/session', { init_data: initData, app_client_id: appClientId, create });
}

/** What the app's SDK reads from the bridge: decrypted with its session key from the sender's public key. */
function decryptForApp(app: SessionCrypto, message: { from: string; message: string }): Record<string, unknown> {
  return JSON.parse(app.decrypt(Base64.decode(message.message).toUint8Array(), hexToByteArray(message.from))) as Record<
    string,
    unknown
  >;
}

const DEVICE = {
  platform: 'android',
  appName: 'devwallet-mobile',
  appVersion: '1.0.0',
  maxProtocolVersion: 2,
  features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
};

describe('the phone-style Dev Wallet over the local bridge', () => {
  it('connects with ton_addr and ton_proof, carries a request and its one answer, and ends on disconnect', async () => {
    const initData = await launchedUser('Mobile Alice');
    const app = new SessionCrypto();
    const appStream = await openBridgeStream(base, { client_id: app.sessionId });

    const opened = await openSession(initData, app.sessionId);
    expect(opened.statusCode).toBe(200);
    const sessionId = opened.json<{ session_id: string }>().session_id;
    expect(sessionId).toMatch(/^[0-9a-f]{64}$/);

    // The wallet's answer to the connect request, as dev-wallet.js makes it (the keys sign on the server).
    const connectPayload = (
      await post('/sandbox/api/wallet/connect', {
        init_data: initData,
        manifest_url: MANIFEST_URL,
        items: [{ name: 'ton_addr' }, { name: 'ton_proof', payload: 'proof-payload-1' }],
      })
    ).json<{ items: Array<Record<string, unknown>> }>();
    const sent = await post('/sandbox/api/mobile-wallet/send', {
      init_data: initData,
      session_id: sessionId,
      message: { event: 'connect', payload: { items: connectPayload.items, device: DEVICE } },
    });
    expect(sent.statusCode).toBe(200);

    const [delivered] = await appStream.untilMessages(1);
    expect(delivered!.from).toBe(sessionId);
    const connectEvent = decryptForApp(app, delivered!);
    expect(connectEvent).toMatchObject({ event: 'connect', id: 1, payload: { device: DEVICE } });
    const items = (connectEvent.payload as { items: Array<Record<string, unknown>> }).items;
    expect(items.map((item) => item.name)).toEqual(['ton_addr', 'ton_proof']);
    expect(Address.isRaw(items[0]!.address as string)).toBe(true);
    expect(items[1]).toMatchObject({ proof: { payload: 'proof-payload-1', domain: { value: 'sandbox.example.com' } } });

    // The app sends a request to the wallet's session through the bridge; the wallet reads and decrypts it.
    const request = { method: 'sendTransaction', params: ['{"valid_until":1,"messages":[]}'], id: '7' };
    const posted = await postBridgeMessage(
      base,
      { client_id: app.sessionId, to: sessionId },
      Base64.encode(app.encrypt(JSON.stringify(request), hexToByteArray(sessionId))),
    );
    expect(posted.status).toBe(200);
    const walletStream = await openBridgeStream(base, { client_id: sessionId });
    const [incoming] = await walletStream.untilMessages(1);
    const open = (initDataOf: string, from = incoming!.from) =>
      post('/sandbox/api/mobile-wallet/open', {
        init_data: initDataOf,
        session_id: sessionId,
        from,
        message: incoming!.message,
      });
    const read = await open(initData);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ request, answered: false });

    // Only this user's wallet reads its session; only from the app it connected; only what decrypts.
    const bob = await launchedUser('Mobile Bob');
    expect((await open(bob)).statusCode).toBe(404);
    expect((await open(initData, newClientId())).statusCode).toBe(400);
    const garbage = await post('/sandbox/api/mobile-wallet/open', {
      init_data: initData,
      session_id: sessionId,
      from: app.sessionId,
      message: Base64.encode(new Uint8Array(40)),
    });
    expect(garbage.statusCode).toBe(400);

    // One answer per request: the second is refused, and the wallet sees it was answered.
    const answer = { init_data: initData, session_id: sessionId, message: { id: '7', result: 'te6cc-boc' } };
    expect((await post('/sandbox/api/mobile-wallet/send', answer)).statusCode).toBe(200);
    expect((await post('/sandbox/api/mobile-wallet/send', answer)).statusCode).toBe(409);
    expect((await open(initData)).json()).toMatchObject({ answered: true });
    const answers = await appStream.untilMessages(2);
    expect(answers).toHaveLength(2);
    expect(decryptForApp(app, answers[1]!)).toEqual({ id: '7', result: 'te6cc-boc' });

    // A request's link finds the session; another user's launch finds nothing.
    expect((await openSession(initData, app.sessionId, false)).json()).toEqual({ session_id: sessionId });
    expect((await openSession(bob, app.sessionId, false)).statusCode).toBe(404);

    // The wallet disconnects: the next event id, and the session is over.
    const disconnect = await post('/sandbox/api/mobile-wallet/send', {
      init_data: initData,
      session_id: sessionId,
      message: { event: 'disconnect', payload: {} },
    });
    expect(disconnect.statusCode).toBe(200);
    const all = await appStream.untilMessages(3);
    expect(decryptForApp(app, all[2]!)).toEqual({ event: 'disconnect', id: 2, payload: {} });
    expect((await openSession(initData, app.sessionId, false)).statusCode).toBe(404);
    expect((await open(initData)).statusCode).toBe(404);
    appStream.close();
    walletStream.close();
  });

  it('a declined connect reaches the app as connect_error 300 and leaves no session', async () => {
    const initData = await launchedUser('Mobile Carol');
    const app = new SessionCrypto();
    const appStream = await openBridgeStream(base, { client_id: app.sessionId });
    const sessionId = (await openSession(initData, app.sessionId)).json<{ session_id: string }>().session_id;
    const declined = await post('/sandbox/api/mobile-wallet/send', {
      init_data: initData,
      session_id: sessionId,
      message: { event: 'connect_error', payload: { code: 300, message: 'User declined the connection' } },
    });
    expect(declined.statusCode).toBe(200);
    const [delivered] = await appStream.untilMessages(1);
    expect(decryptForApp(app, delivered!)).toEqual({
      event: 'connect_error',
      id: 1,
      payload: { code: 300, message: 'User declined the connection' },
    });
    expect((await openSession(initData, app.sessionId, false)).statusCode).toBe(404);
    appStream.close();
  });

  it('refuses malformed calls and changes nothing', async () => {
    const initData = await launchedUser('Mobile Dave');
    const appCrypto = new SessionCrypto();
    const app = appCrypto.sessionId;
    for (const body of [
      { init_data: initData, app_client_id: 'xyz', create: true },
      { init_data: initData, app_client_id: app },
      { init_data: '', app_client_id: app, create: true },
      { init_data: initData, app_client_id: app, create: true, extra: 1 },
    ]) {
      expect((await post('/sandbox/api/mobile-wallet/session', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await openSession(initData, app, false)).statusCode).toBe(404);
    const sessionId = (await openSession(initData, app)).json<{ session_id: string }>().session_id;
    for (const message of [
      { event: 'connect', payload: { items: [], device: {} } },
      { event: 'hello', payload: {} },
      { id: '', result: 1 },
      { id: '1', error: { code: 'x', message: 'no' } },
    ]) {
      const refused = await post('/sandbox/api/mobile-wallet/send', {
        init_data: initData,
        session_id: sessionId,
        message,
      });
      expect(refused.statusCode, JSON.stringify(message)).toBe(422);
    }
    // Nothing was sent: the session's first event still gets id 1.
    const appStream = await openBridgeStream(base, { client_id: app });
    await post('/sandbox/api/mobile-wallet/send', {
      init_data: initData,
      session_id: sessionId,
      message: { event: 'disconnect', payload: {} },
    });
    const [delivered] = await appStream.untilMessages(1);
    expect(decryptForApp(appCrypto, delivered!)).toEqual({ event: 'disconnect', id: 1, payload: {} });
    appStream.close();
  });

  it('the purge deletes a session the app disconnected (once the answer has expired) and one unused for a week; one in use stays', async () => {
    const initData = await launchedUser('Mobile Erin');
    const newSession = async () => {
      const app = new SessionCrypto();
      const sessionId = (await openSession(initData, app.sessionId)).json<{ session_id: string }>().session_id;
      return { app, sessionId };
    };
    const sessionRow = async (sessionId: string) =>
      (
        await ctx.db.query<{ ended: boolean; idle_seconds: number }>(
          `SELECT ended_at IS NOT NULL AS ended, extract(epoch FROM now() - used_at)::int AS idle_seconds
           FROM sandbox_mobile_wallet_sessions WHERE session_id = $1`,
          [sessionId],
        )
      )[0];
    const age = (sessionId: string, column: 'used_at' | 'ended_at', seconds: number) =>
      ctx.db.query(
        `UPDATE sandbox_mobile_wallet_sessions SET ${column} = now() - make_interval(secs => $2) WHERE session_id = $1`,
        [sessionId, seconds],
      );

    // The app asks to disconnect: the wallet reads the request and answers; the session has ended.
    const leaving = await newSession();
    const request = { method: 'disconnect', params: [], id: '9' };
    const opened = await post('/sandbox/api/mobile-wallet/open', {
      init_data: initData,
      session_id: leaving.sessionId,
      from: leaving.app.sessionId,
      message: Base64.encode(leaving.app.encrypt(JSON.stringify(request), hexToByteArray(leaving.sessionId))),
    });
    expect(opened.statusCode).toBe(200);
    const answer = { init_data: initData, session_id: leaving.sessionId, message: { id: '9', result: {} } };
    expect((await post('/sandbox/api/mobile-wallet/send', answer)).statusCode).toBe(200);
    expect(await sessionRow(leaving.sessionId)).toMatchObject({ ended: true });

    // Unused for a week (its last call); and one used again just now (a request's link), though old.
    const idle = await newSession();
    await age(idle.sessionId, 'used_at', MOBILE_WALLET_SESSION_IDLE_SECONDS + 1);
    const inUse = await newSession();
    await age(inUse.sessionId, 'used_at', MOBILE_WALLET_SESSION_IDLE_SECONDS - 3600);
    expect((await openSession(initData, inUse.app.sessionId, false)).statusCode).toBe(200);
    expect((await sessionRow(inUse.sessionId))!.idle_seconds).toBeLessThan(60);

    await vi.waitFor(async () => expect(await sessionRow(idle.sessionId)).toBeUndefined(), {
      timeout: 5_000,
      interval: PURGE_INTERVAL_MS,
    });
    // The ended one waits for its answer to expire, then goes.
    expect(await sessionRow(leaving.sessionId)).toBeDefined();
    await age(leaving.sessionId, 'ended_at', MOBILE_WALLET_MESSAGE_TTL_SECONDS + 1);
    await vi.waitFor(async () => expect(await sessionRow(leaving.sessionId)).toBeUndefined(), {
      timeout: 5_000,
      interval: PURGE_INTERVAL_MS,
    });
    expect(await sessionRow(inUse.sessionId)).toBeDefined();
  });
});
