/**
 * Rotating JWT_SECRET without signing anyone out (server/http/auth-context.ts TokenKeys, docs/security.md
 * "Rotating JWT_SECRET"): with the old secret in JWT_SECRET_PREVIOUS, the tokens it signed (users' and
 * operators') are still accepted while new ones are signed with the new secret; once the setting is
 * removed they are refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorSession, TokenPair } from '@contract';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { TokenKeys } from '../../server/http/auth-context';
import {
  type TestContext,
  bearer,
  createTestContext,
  newTelegramId,
  register,
  sandboxConfig,
  signInitData,
} from './helpers';
import { PRODUCTION_ENV } from './production-env';

const OLD_SECRET = 'the-old-jwt-secret-of-at-least-32-characters';
const NEW_SECRET = 'the-new-jwt-secret-of-at-least-32-characters';
const OPERATOR = newTelegramId();

let ctx: TestContext;
const apps: FastifyInstance[] = [];
/** Another process on the same database, with these secrets. */
async function processWith(jwtSecret: string, jwtSecretPrevious?: string): Promise<FastifyInstance> {
  const config = sandboxConfig({ jwtSecret, jwtSecretPrevious, operatorTelegramIds: [OPERATOR] });
  const app = await buildApp({ config, db: ctx.db, bus: ctx.bus, logger: false });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  ctx = await createTestContext({ config: sandboxConfig({ jwtSecret: OLD_SECRET, operatorTelegramIds: [OPERATOR] }) });
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await ctx?.close();
});

describe('JWT_SECRET_PREVIOUS', () => {
  it("keeps the old secret's tokens working while it is set, signs new ones with the new secret, and refuses the old once removed", async () => {
    // Before the rotation: a user's and an operator's tokens, signed with the old secret.
    const user = await register(ctx.app, { id: newTelegramId() });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { init_data: signInitData({ id: OPERATOR, first_name: 'Olga' }) },
    });
    const operator = signIn.json<OperatorSession>().token!;

    const rotated = await processWith(NEW_SECRET, OLD_SECRET);
    const me = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    const settings = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) });
    const first = await me(rotated, user.token);
    expect(first.statusCode, first.body).toBe(200);
    expect((await settings(rotated, operator)).statusCode).toBe(200);

    // New tokens are the new secret's: the new key alone takes them, the old one does not.
    const refreshed = await rotated.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: user.refresh },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const fresh = refreshed.json<TokenPair>().token;
    await expect(new TokenKeys(NEW_SECRET, 60).verify(fresh)).resolves.toMatchObject({});
    await expect(new TokenKeys(OLD_SECRET, 60).verify(fresh)).rejects.toThrow('Not authenticated');

    // JWT_SECRET_PREVIOUS removed: the old secret's tokens are refused, the new ones still work.
    const done = await processWith(NEW_SECRET);
    expect((await me(done, user.token)).statusCode).toBe(401);
    expect((await settings(done, operator)).statusCode).toBe(401);
    expect((await me(done, fresh)).statusCode).toBe(200);
  });

  it('is refused when it is JWT_SECRET itself, short, or the sandbox’s published secret in production', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, JWT_SECRET_PREVIOUS: PRODUCTION_ENV.JWT_SECRET })).toThrow(
      /JWT_SECRET_PREVIOUS is JWT_SECRET itself/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, JWT_SECRET_PREVIOUS: 'short' })).toThrow(
      /JWT_SECRET_PREVIOUS must be at least 32 characters/,
    );
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, JWT_SECRET_PREVIOUS: sandboxConfig().jwtSecret, JWT_SECRET: NEW_SECRET }),
    ).toThrow(/JWT_SECRET_PREVIOUS is the sandbox's published value/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, JWT_SECRET_PREVIOUS: OLD_SECRET })).not.toThrow(ConfigError);
    expect(loadConfig({ ...PRODUCTION_ENV, JWT_SECRET_PREVIOUS: OLD_SECRET }).jwtSecretPrevious).toBe(OLD_SECRET);
  });
});
