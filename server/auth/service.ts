/**
 * Sign-in with Telegram launch data (docs/foundations.md §4 Auth): the init data's HMAC proves the user;
 * the first sign-in creates the account and links the referrer.
 */
import { randomUUID } from 'node:crypto';
import { validate } from '@telegram-apps/init-data-node';
import type { FastifyBaseLogger } from 'fastify';
import { type TokenPair, readRefCode } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import type { VerifiedClaims } from '../http/auth-context';
import { UnauthorizedError } from '../lib/errors';
import { takeStartRefCode } from '../telegram/service';
import { type TelegramProfile, signInUser } from '../users/service';
import { readLaunchFields } from './init-data';
import { AUTH_DATE_FUTURE_SKEW_SECONDS, MAX_LIVE_SESSIONS_PER_USER, REVOKED_SESSION_SWEEP_MS } from '../constants';
import {
  familyOf,
  insertRefreshToken,
  isSessionLive,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
  revokeSessionsBeyond,
  revokedFamiliesWithin,
} from './queries';
import { hashRefreshToken, newRefreshToken } from './tokens';

export interface SignInData {
  profile: TelegramProfile;
  startParam: string | undefined;
  /** When Telegram signed the launch data (unix seconds). */
  authDate: number;
  /** The launch data's HMAC (hex): what tells one launch data from another. */
  hash: string;
}

/**
 * Verifies init data as Telegram signs it; every failure is the one message the client closes on (docs/product.md §8).
 * `maxAgeSeconds` 0 checks the signature only: the caller checks the age itself (the console's sign-in,
 * which answers stale launch data with a code of its own).
 */
export function verifyInitData(initData: string, botToken: string, maxAgeSeconds: number): SignInData {
  try {
    // The HMAC `hash` over every other field (`signature` included when the client sent one), and auth_date.
    validate(initData, botToken, { expiresIn: maxAgeSeconds });
    const { user, startParam, authDate, hash } = readLaunchFields(initData);
    // Signed in the future is not a real launch (a clock far off, or data minted for later replays).
    if (!(authDate <= Math.floor(Date.now() / 1000) + AUTH_DATE_FUTURE_SKEW_SECONDS))
      throw new Error('auth_date in the future');
    return {
      profile: {
        telegramId: user.id,
        firstName: user.first_name,
        lastName: user.last_name ?? null,
        username: user.username ?? null,
        languageCode: user.language_code ?? 'en',
        photoUrl: user.photo_url ?? null,
        allowsWriteToPm: user.allows_write_to_pm === true,
      },
      startParam,
      authDate,
      hash,
    };
  } catch {
    throw new UnauthorizedError('invalidInitData');
  }
}

async function issueTokens(
  deps: Deps,
  q: Queryable,
  user: { id: number; telegramId: number },
  familyId: string,
): Promise<TokenPair> {
  const refresh = newRefreshToken();
  await insertRefreshToken(q, {
    userId: user.id,
    familyId,
    tokenHash: hashRefreshToken(refresh),
    ttlSeconds: deps.config.refreshTokenTtlSeconds,
  });
  const token = await deps.tokens.sign({ userId: user.id, telegramId: user.telegramId, sessionId: familyId });
  return { token, refresh };
}

export async function register(
  deps: Deps,
  body: { init_data: string; ref_code?: string | null | undefined },
  log: Pick<FastifyBaseLogger, 'debug'>,
): Promise<{ tokens: TokenPair; userId: number }> {
  const signIn = verifyInitData(body.init_data, deps.config.botToken, deps.config.initDataMaxAgeSeconds);
  return inTransaction(deps.db, deps.bus, async (q) => {
    // The referrer is the ref code typed at sign-in, else the start parameter of the launch link, else
    // the code a /start <ref_code> to the bot kept (the bot's button opens the app without a start
    // parameter), read once; one that is no ref code is ignored (users/service), never a reason to refuse
    // the sign-in. Only a new account takes a referrer (users/service), so the kept code cannot change one.
    const given = body.ref_code || signIn.startParam;
    const kept = await takeStartRefCode(q, signIn.profile.telegramId);
    const userId = await signInUser(q, signIn.profile, readRefCode(given) === null ? (kept ?? given) : given, log);
    const tokens = await issueTokens(deps, q, { id: userId, telegramId: signIn.profile.telegramId }, randomUUID());
    q.publishSessionsRevoked(await revokeSessionsBeyond(q, userId, MAX_LIVE_SESSIONS_PER_USER));
    return { tokens, userId };
  });
}

/**
 * Sign-out: the session of this refresh token — its whole family — is revoked, so neither it nor any
 * token descended from it refreshes again, and its access tokens are refused (HTTP and sockets) by every
 * process once this commits. Idempotent; a token that is not the caller's changes nothing.
 */
export async function signOut(deps: Deps, userId: number, refreshToken: string): Promise<{ signed_out: true }> {
  await inTransaction(deps.db, deps.bus, async (tx) => {
    const family = await familyOf(tx, hashRefreshToken(refreshToken), userId);
    if (family && (await revokeFamily(tx, family))) tx.publishSessionsRevoked([family]);
  });
  return { signed_out: true };
}

type RefreshRefusal = 'invalidRefreshToken' | 'refreshTokenRevoked' | 'refreshTokenReused' | 'refreshTokenExpired';
type RefreshOutcome = { ok: true; tokens: TokenPair } | { ok: false; code: RefreshRefusal };

/**
 * Rotates a refresh token. Presenting an already used token means it was copied: the whole family
 * (every token descended from that sign-in) is revoked, and that revocation must commit.
 */
export async function refresh(deps: Deps, refreshToken: string): Promise<TokenPair> {
  const outcome = await inTransaction<RefreshOutcome>(deps.db, deps.bus, async (q) => {
    const row = await lockRefreshToken(q, hashRefreshToken(refreshToken));
    if (!row) return { ok: false, code: 'invalidRefreshToken' };
    // A session is revoked as a whole: a token of it that the revocation missed (issued by a refresh that
    // committed while a sign-out waited for its lock) does not bring it back.
    if (row.revoked_at || !(await isSessionLive(q, row.family_id, row.user_id))) {
      return { ok: false, code: 'refreshTokenRevoked' };
    }
    if (row.used_at) {
      if (await revokeFamily(q, row.family_id)) q.publishSessionsRevoked([row.family_id]);
      return { ok: false, code: 'refreshTokenReused' };
    }
    if (row.expires_at.getTime() <= Date.now()) return { ok: false, code: 'refreshTokenExpired' };
    await markRefreshTokenUsed(q, row.id);
    const tokens = await issueTokens(deps, q, { id: row.user_id, telegramId: Number(row.telegram_id) }, row.family_id);
    return { ok: true, tokens };
  });
  if (!outcome.ok) throw new UnauthorizedError(outcome.code);
  return outcome.tokens;
}

/**
 * A socket's sign-in, once per connection: the access token, and its session read from the database —
 * still there (so is its user) and not revoked, however long ago that happened. (HTTP calls trust the
 * signed token and this process's set of revoked sessions; the reads they make anyway find a deleted
 * account, see app.ts.)
 */
export async function authenticateToken(deps: Pick<Deps, 'db' | 'tokens'>, token: string): Promise<VerifiedClaims> {
  const claims = await deps.tokens.verify(token);
  if (!(await isSessionLive(deps.db, claims.sessionId, claims.userId))) throw new UnauthorizedError();
  return claims;
}

/**
 * An HTTP call's access token: its signature and expiry (remembered per token), and its session not one
 * this process knows was revoked — no database read (docs/performance.md "What the server does per call").
 */
export async function authenticateRequest(
  deps: Pick<Deps, 'tokens' | 'revokedSessions'>,
  token: string,
): Promise<VerifiedClaims> {
  const claims = await deps.tokens.verify(token);
  if (deps.revokedSessions.has(claims.sessionId)) throw new UnauthorizedError();
  return claims;
}

/**
 * How far before the previous read of revoked sessions the next one starts: revoked_at is the revoking
 * transaction's start, and it may commit (become visible) that much later.
 */
const REVOKED_READ_OVERLAP_SECONDS = 60;

/**
 * Feeds this process's set of revoked sessions. From the bus: each revocation is published inside the
 * transaction that makes it, so every process hears it on commit. And from the database every
 * REVOKED_SESSION_SWEEP_MS, the backstop for what this process did not hear (its listener was
 * reconnecting): the first read (`catchUp`, at start) looks back one access-token lifetime, as older
 * revocations no longer matter; each later one from the previous successful read, with an overlap.
 */
export function watchRevokedSessions(
  deps: Pick<Deps, 'db' | 'bus' | 'config' | 'revokedSessions'>,
  onError: (error: unknown) => void,
): { catchUp(): Promise<void>; stop(): void } {
  const unsubscribe = deps.bus.subscribeSessionsRevoked((ids) => deps.revokedSessions.add(ids));
  const lifetime = deps.config.accessTokenTtlSeconds;
  let lastReadAt: number | null = null;
  const read = async () => {
    const startedAt = performance.now();
    const seconds =
      lastReadAt === null
        ? lifetime
        : Math.min(lifetime, Math.ceil((startedAt - lastReadAt) / 1000) + REVOKED_READ_OVERLAP_SECONDS);
    deps.revokedSessions.add(await revokedFamiliesWithin(deps.db, seconds));
    lastReadAt = startedAt;
  };
  // One read at a time: a call while one runs (a slow database) waits for that one.
  let running: Promise<void> | null = null;
  const catchUp = () => (running ??= read().finally(() => (running = null)));
  const timer = setInterval(() => void catchUp().catch(onError), REVOKED_SESSION_SWEEP_MS);
  timer.unref();
  return {
    catchUp,
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
