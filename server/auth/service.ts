/**
 * Sign-in with Telegram launch data (DESIGN.md §4 Auth): the init data's HMAC proves the user;
 * the first sign-in creates the account and links the referrer.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { validate } from '@telegram-apps/init-data-node';
import { INVALID_INIT_DATA_MSG, type TokenPair } from '@/shared/api/contract';
import { REF_CODE_ALPHABET, REF_CODE_LENGTH } from '../constants';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { UnauthorizedError } from '../lib/errors';
import { readLaunchFields } from './init-data';
import {
  type TelegramProfile,
  findUserIdByRefCode,
  insertUser,
  refCodeTaken,
  updateProfile,
} from '../users/queries';
import { insertRefreshToken, lockRefreshToken, markRefreshTokenUsed, revokeFamily } from './queries';
import { hashRefreshToken, newRefreshToken } from './tokens';

export interface SignInData {
  profile: TelegramProfile;
  startParam: string | undefined;
}

/** Verifies init data as Telegram signs it; every failure is the one message the client closes on (SPEC §8). */
export function verifyInitData(initData: string, botToken: string, maxAgeSeconds: number): SignInData {
  try {
    // The HMAC `hash` over every other field (`signature` included when the client sent one), and auth_date.
    validate(initData, botToken, { expiresIn: maxAgeSeconds });
    const { user, startParam } = readLaunchFields(initData);
    return {
      profile: {
        telegramId: user.id,
        firstName: user.first_name,
        lastName: user.last_name ?? null,
        username: user.username ?? null,
        languageCode: user.language_code ?? 'en',
        photoUrl: user.photo_url ?? null,
      },
      startParam,
    };
  } catch {
    throw new UnauthorizedError(INVALID_INIT_DATA_MSG);
  }
}

export function newRefCode(): string {
  let code = '';
  for (let i = 0; i < REF_CODE_LENGTH; i++) code += REF_CODE_ALPHABET[randomInt(REF_CODE_ALPHABET.length)];
  return code;
}

async function unusedRefCode(q: Queryable): Promise<string> {
  // 31^8 ≈ 8.5e11 codes: a clash is rare, and the UNIQUE constraint still guards the race.
  for (;;) {
    const code = newRefCode();
    if (!(await refCodeTaken(q, code))) return code;
  }
}

/** Creates the user on first sign-in (linking the referrer only then), refreshes the profile afterwards. */
async function upsertUser(q: Queryable, signIn: SignInData, refCode: string | null | undefined): Promise<number> {
  const existing = await updateProfile(q, signIn.profile);
  if (existing !== undefined) return existing;

  // A new user has no code of their own yet, so the referrer can never be themselves;
  // an existing user's own code never reaches here (the referrer is linked at creation only).
  const code = (refCode || signIn.startParam || '').toUpperCase();
  const referrerId = code ? ((await findUserIdByRefCode(q, code)) ?? null) : null;
  return insertUser(q, signIn.profile, await unusedRefCode(q), referrerId);
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
  const token = await deps.tokens.sign({ userId: user.id, telegramId: user.telegramId });
  return { token, refresh };
}

export async function register(
  deps: Deps,
  body: { init_data: string; ref_code?: string | null | undefined },
): Promise<TokenPair> {
  const signIn = verifyInitData(body.init_data, deps.config.botToken, deps.config.initDataMaxAgeSeconds);
  return deps.db.tx(async (q) => {
    const userId = await upsertUser(q, signIn, body.ref_code);
    return issueTokens(deps, q, { id: userId, telegramId: signIn.profile.telegramId }, randomUUID());
  });
}

type RefreshOutcome = { ok: true; tokens: TokenPair } | { ok: false; message: string };

/**
 * Rotates a refresh token. Presenting an already used token means it was copied: the whole family
 * (every token descended from that sign-in) is revoked, and that revocation must commit.
 */
export async function refresh(deps: Deps, refreshToken: string): Promise<TokenPair> {
  const outcome = await deps.db.tx<RefreshOutcome>(async (q) => {
    const row = await lockRefreshToken(q, hashRefreshToken(refreshToken));
    if (!row) return { ok: false, message: 'Invalid refresh token' };
    if (row.revoked_at) return { ok: false, message: 'Refresh token revoked' };
    if (row.used_at) {
      await revokeFamily(q, row.family_id);
      return { ok: false, message: 'Refresh token reused' };
    }
    if (row.expires_at.getTime() <= Date.now()) return { ok: false, message: 'Refresh token expired' };
    await markRefreshTokenUsed(q, row.id);
    const tokens = await issueTokens(deps, q, { id: row.user_id, telegramId: Number(row.telegram_id) }, row.family_id);
    return { ok: true, tokens };
  });
  if (!outcome.ok) throw new UnauthorizedError(outcome.message);
  return outcome.tokens;
}
