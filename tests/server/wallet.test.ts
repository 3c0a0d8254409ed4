/**
 * Wallet ownership: GET /api/wallet/ton-proof/payload and POST /api/wallet/ton-proof. Real
 * proofs signed by real wallet v4r2, v5r1 and v3r2 key pairs pass and bind the wallet (shown by
 * /user/me); every tampered field, an expired, reused or foreign payload, a wrong domain and a state init
 * of another address are refused with 422 and change nothing; a wallet that sends no state init is
 * checked with get_public_key on the sandbox's dev chain.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { Address } from '@ton/core';
import type { KeyPair } from '@ton/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ErrorBody,
  SERVER_MESSAGES,
  type TonProofCheckBody,
  type TonProofCheckResult,
  type TonProofPayload,
  type UserMe,
} from '@contract';
import { sandboxTreasuryKeyPair, sandboxTreasuryWallet } from '../../server/sandbox/chain/treasury';
import { checkTonProof, tonProofPayload } from '../../server/wallet/service';
import { type TestContext, createTestContext, sandboxConfig } from './helpers';
import { type TestUser, newUser } from './mint-kit';
import { type Contract, domainOf, getPayload, newKeys, proofBody, stateInitOf, v3, v4, v5 } from './wallet-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const check = (c: TestContext, user: TestUser, body: unknown) =>
  c.app.inject({ method: 'POST', url: '/api/wallet/ton-proof', headers: user.headers, payload: body as object });
const me = async (c: TestContext, user: TestUser) =>
  (await c.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers })).json<UserMe>();

async function bindings(c: TestContext) {
  return c.db.query<{ user_id: number; address: string }>(
    'SELECT user_id, address FROM wallet_bindings ORDER BY user_id',
  );
}
async function usedPayloads(c: TestContext) {
  const [row] = await c.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM ton_proof_payloads_used');
  return row?.n;
}

describe('payload', () => {
  it('is issued to a signed-in member, expires in 15 minutes, and differs every time', async () => {
    const user = await newUser(ctx);
    const now = Math.floor(Date.now() / 1000);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/ton-proof/payload',
      headers: user.headers,
    });
    const body = response.json<TonProofPayload>();
    expect(body.payload).toMatch(/^[A-Za-z0-9_-]{60,80}$/);
    expect(body.expires_at - now).toBeGreaterThanOrEqual(899);
    expect(body.expires_at - now).toBeLessThanOrEqual(901);
    expect(await getPayload(ctx, user)).not.toBe(body.payload);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/wallet/ton-proof/payload' })).statusCode).toBe(401);
  });
});

describe('a real proof binds the wallet', () => {
  for (const [name, make] of [
    ['v4r2', v4],
    ['v5r1', v5],
    ['v3r2', v3],
  ] as const) {
    it(`wallet ${name}: 200 with the binding, /user/me shows it, the payload is good once`, async () => {
      const user = await newUser(ctx);
      expect((await me(ctx, user)).wallet).toBeNull();
      const keys = newKeys();
      const contract = make(keys);
      const body = proofBody({ keys, contract, payload: await getPayload(ctx, user), domain: domainOf(ctx) });
      const response = await check(ctx, user, body);
      expect(response.statusCode, response.body).toBe(200);
      const { wallet } = response.json<TonProofCheckResult>();
      expect(wallet.address).toBe(contract.address.toRawString());
      expect(wallet.friendly_address).toBe(
        contract.address.toString({ urlSafe: true, bounceable: false, testOnly: true }),
      );
      expect(Math.abs(wallet.bound_at - Date.now() / 1000)).toBeLessThan(5);
      expect((await me(ctx, user)).wallet).toEqual(wallet);

      // The same proof again: its payload is used.
      const again = await check(ctx, user, body);
      expect(again.statusCode).toBe(422);
      expect(again.json<ErrorBody>().msg).toBe(SERVER_MESSAGES.tonProofInvalid);
      expect(again.json<ErrorBody>().errors?.[1]).toEqual({
        path: 'proof.payload',
        message: 'proof.payload: already used',
      });
    });
  }

  it('a friendly address and no public_key field are taken too', async () => {
    const user = await newUser(ctx);
    const keys = newKeys();
    const contract = v4(keys);
    const { public_key: _, ...body } = proofBody({
      keys,
      contract,
      payload: await getPayload(ctx, user),
      domain: domainOf(ctx),
    });
    const response = await check(ctx, user, { ...body, address: contract.address.toString({ testOnly: true }) });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('every bad proof is refused with 422 and changes nothing', () => {
  type Tamper = (
    body: TonProofCheckBody,
    extra: { user: TestUser; other: TestUser },
  ) => Promise<TonProofCheckBody> | TonProofCheckBody;
  const now = () => Math.floor(Date.now() / 1000);
  const flip = (base64: string) => {
    const bytes = Buffer.from(base64, 'base64');
    bytes[5] = (bytes[5] ?? 0) ^ 0x01;
    return bytes.toString('base64');
  };
  const cases: Array<[string, string, Tamper]> = [
    ['the signature', 'proof.signature', (b) => ({ ...b, proof: { ...b.proof, signature: flip(b.proof.signature) } })],
    [
      'the timestamp (not what was signed)',
      'proof.signature',
      (b) => ({ ...b, proof: { ...b.proof, timestamp: b.proof.timestamp - 1 } }),
    ],
    [
      'the payload (one character)',
      'proof.payload',
      (b) => ({ ...b, proof: { ...b.proof, payload: `${b.proof.payload.slice(0, -2)}AA` } }),
    ],
    [
      'the domain value',
      'proof.domain',
      (b) => ({ ...b, proof: { ...b.proof, domain: { lengthBytes: 11, value: 'evil.com:80' } } }),
    ],
    [
      'the domain length',
      'proof.domain',
      (b) => ({
        ...b,
        proof: { ...b.proof, domain: { ...b.proof.domain, lengthBytes: b.proof.domain.lengthBytes + 1 } },
      }),
    ],
    ['the network', 'network', (b) => ({ ...b, network: '-239' })],
    ['the public key', 'public_key', (b) => ({ ...b, public_key: newKeys().publicKey.toString('hex') })],
    [
      'the address (another wallet for this state init)',
      'proof.state_init',
      (b) => ({ ...b, address: v4(newKeys()).address.toRawString() }),
    ],
    [
      'the state init (another wallet of the same address? no: of another key)',
      'proof.state_init',
      (b) => ({ ...b, proof: { ...b.proof, state_init: stateInitOf(v4(newKeys())) } }),
    ],
    [
      'the state init (not a cell)',
      'proof.state_init',
      (b) => ({ ...b, proof: { ...b.proof, state_init: 'bm90IGEgY2VsbA==' } }),
    ],
    ['a masterchain address', 'address', (b) => ({ ...b, address: `-1:${b.address.slice(2)}` })],
    ['an address that is not one', 'address', (b) => ({ ...b, address: '0:xyz' })],
  ];
  for (const [what, path, tamper] of cases) {
    it(`tampered: ${what}`, async () => {
      const user = await newUser(ctx);
      const other = await newUser(ctx);
      const keys = newKeys();
      const body = await tamper(
        proofBody({ keys, contract: v4(keys), payload: await getPayload(ctx, user), domain: domainOf(ctx) }),
        { user, other },
      );
      const [beforeBindings, beforeUsed] = [await bindings(ctx), await usedPayloads(ctx)];
      const response = await check(ctx, user, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().msg).toBe(SERVER_MESSAGES.tonProofInvalid);
      expect(response.json<ErrorBody>().errors?.[1]?.path).toBe(path);
      expect(await bindings(ctx)).toEqual(beforeBindings);
      expect(await usedPayloads(ctx)).toBe(beforeUsed);
    });
  }

  const signedCases: Array<
    [
      string,
      string,
      (user: TestUser, other: TestUser) => Promise<{ payload: string; timestamp?: number; domain?: string }>,
    ]
  > = [
    [
      'a payload issued to another user',
      'proof.payload',
      async (_user, other) => ({ payload: await getPayload(ctx, other) }),
    ],
    [
      'a payload the server never issued',
      'proof.payload',
      async () => ({ payload: randomBytes(52).toString('base64url') }),
    ],
    [
      'a payload issued by a server with another secret',
      'proof.payload',
      async (user) => ({
        payload: tonProofPayload({ config: { ...ctx.config, tonProofSecret: 'x'.repeat(40) } }, user.userId).payload,
      }),
    ],
    [
      'an expired payload (issued 16 minutes ago)',
      'proof.payload',
      async (user) => ({ payload: tonProofPayload(ctx, user.userId, now() - 16 * 60).payload }),
    ],
    [
      'a proof signed 16 minutes ago',
      'proof.timestamp',
      async (user) => ({ payload: await getPayload(ctx, user), timestamp: now() - 16 * 60 }),
    ],
    [
      'a proof dated 5 minutes ahead',
      'proof.timestamp',
      async (user) => ({ payload: await getPayload(ctx, user), timestamp: now() + 5 * 60 }),
    ],
    [
      'a proof for another domain',
      'proof.domain',
      async (user) => ({ payload: await getPayload(ctx, user), domain: 'example.org' }),
    ],
  ];
  for (const [what, path, make] of signedCases) {
    it(`signed correctly, but ${what}`, async () => {
      const user = await newUser(ctx);
      const other = await newUser(ctx);
      const keys = newKeys();
      const { payload, timestamp, domain } = await make(user, other);
      const body = proofBody({
        keys,
        contract: v5(keys),
        payload,
        domain: domain ?? domainOf(ctx),
        ...(timestamp !== undefined ? { timestamp } : {}),
      });
      const [beforeBindings, beforeUsed] = [await bindings(ctx), await usedPayloads(ctx)];
      const response = await check(ctx, user, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors?.[1]?.path).toBe(path);
      expect(await bindings(ctx)).toEqual(beforeBindings);
      expect(await usedPayloads(ctx)).toBe(beforeUsed);
      expect((await me(ctx, user)).wallet).toBeNull();
    });
  }

  it('a malformed body is 422 too (missing proof, a bad public_key, a number as signature)', async () => {
    const user = await newUser(ctx);
    const keys = newKeys();
    const body = proofBody({ keys, contract: v4(keys), payload: await getPayload(ctx, user), domain: domainOf(ctx) });
    for (const bad of [
      { address: body.address, network: body.network },
      { ...body, public_key: 'zz' },
      { ...body, proof: { ...body.proof, signature: 5 } },
      { ...body, extra: true },
    ]) {
      expect((await check(ctx, user, bad)).statusCode).toBe(422);
    }
    expect(await usedPayloads(ctx)).toBeGreaterThanOrEqual(0);
    expect((await me(ctx, user)).wallet).toBeNull();
  });

  it('a non-member is refused (403) like every other user-data call', async () => {
    const user = await newUser(ctx, { member: false });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/ton-proof/payload',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the binding rule: one wallet per user, one user per wallet, the latest proof wins', () => {
  it('a new proof replaces the user’s wallet; a proof of a wallet bound to another user moves it', async () => {
    const alice = await newUser(ctx);
    const bob = await newUser(ctx);
    const keysA = newKeys();
    const keysB = newKeys();
    const first = v4(keysA);
    const second = v5(keysB);
    const bind = async (user: TestUser, keys: KeyPair, contract: Contract) =>
      check(ctx, user, proofBody({ keys, contract, payload: await getPayload(ctx, user), domain: domainOf(ctx) }));

    expect((await bind(alice, keysA, first)).statusCode).toBe(200);
    expect((await bind(alice, keysB, second)).statusCode).toBe(200);
    expect((await me(ctx, alice)).wallet?.address).toBe(second.address.toRawString());

    const heardByAlice: string[] = [];
    const unsubscribe = ctx.bus.subscribeUser(alice.userId, (message) => heardByAlice.push(message.event));
    expect((await bind(bob, keysB, second)).statusCode).toBe(200);
    unsubscribe();
    // Alice's open app is told to refetch: its Verified wallet is gone.
    expect(heardByAlice).toEqual(['resync']);
    expect((await me(ctx, bob)).wallet?.address).toBe(second.address.toRawString());
    expect((await me(ctx, alice)).wallet).toBeNull();
    const rows = await ctx.db.query('SELECT user_id FROM wallet_bindings WHERE address = $1', [
      second.address.toRawString(),
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('a wallet that sends no state init: get_public_key on the chain', () => {
  it('the dev chain’s deployed treasury wallet proves itself; an undeployed one cannot', async () => {
    // A server listening on a known port, whose chain client (TON_NODE_URL) is its own dev chain.
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const c = await createTestContext({
      config: sandboxConfig({ port, publicUrl: origin, tonNodeUrl: `${origin}/sandbox/chain/jsonRPC` }),
    });
    try {
      await c.app.listen({ port, host: '127.0.0.1' });
      const user = await newUser(c);
      const keys = sandboxTreasuryKeyPair();
      const treasury = sandboxTreasuryWallet();
      const body = proofBody({
        keys,
        contract: treasury,
        payload: await getPayload(c, user),
        domain: domainOf(c),
        withStateInit: false,
      });
      expect(body.proof.state_init).toBeUndefined();
      const response = await check(c, user, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TonProofCheckResult>().wallet.address).toBe(treasury.address.toRawString());

      // Never deployed: the chain has no key to tell, so nothing proves the signer owns the address.
      const stranger = newKeys();
      const undeployed = proofBody({
        keys: stranger,
        contract: v4(stranger),
        payload: await getPayload(c, user),
        domain: domainOf(c),
        withStateInit: false,
      });
      const refused = await check(c, user, undeployed);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<ErrorBody>().errors?.[1]?.path).toBe('public_key');
      // The treasury's key cannot sign for another address without its state init either.
      const forged = proofBody({
        keys,
        contract: v4(stranger),
        payload: await getPayload(c, user),
        domain: domainOf(c),
        withStateInit: false,
      });
      expect((await check(c, user, forged)).statusCode).toBe(422);
      expect((await me(c, user)).wallet?.address).toBe(treasury.address.toRawString());
    } finally {
      await c.close();
    }
  });

  it('the service asks its reader only when the state init does not tell the key', async () => {
    const user = await newUser(ctx);
    const keys = newKeys();
    const contract = v4(keys);
    const asked: string[] = [];
    const reader = async (address: Address) => {
      asked.push(address.toRawString());
      return keys.publicKey;
    };
    const payload = tonProofPayload(ctx, user.userId).payload;
    await checkTonProof(ctx, user.userId, proofBody({ keys, contract, payload, domain: domainOf(ctx) }), reader);
    expect(asked).toEqual([]);
    const second = tonProofPayload(ctx, user.userId).payload;
    await checkTonProof(
      ctx,
      user.userId,
      proofBody({ keys, contract, payload: second, domain: domainOf(ctx), withStateInit: false }),
      reader,
    );
    expect(asked).toEqual([contract.address.toRawString()]);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
