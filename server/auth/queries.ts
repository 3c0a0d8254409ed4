import type { Queryable } from '../db/index';

export interface RefreshTokenRow {
  id: bigint;
  user_id: number;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  telegram_id: bigint;
}

export async function insertRefreshToken(
  q: Queryable,
  token: { userId: number; familyId: string; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await q.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [token.userId, token.familyId, token.tokenHash, token.ttlSeconds],
  );
}

/** Locks the token row, so two refreshes with one token cannot both rotate it. */
export async function lockRefreshToken(q: Queryable, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await q.query<RefreshTokenRow>(
    `SELECT t.id, t.user_id, t.family_id, t.expires_at, t.used_at, t.revoked_at, u.telegram_id
       FROM refresh_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1
        FOR UPDATE OF t`,
    [tokenHash],
  );
  return row;
}

export async function markRefreshTokenUsed(q: Queryable, id: bigint): Promise<void> {
  await q.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [id]);
}

/** Revokes a session (refresh-token family); false when it already was. */
export async function revokeFamily(q: Queryable, familyId: string): Promise<boolean> {
  const rows = await q.query(
    'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL RETURNING id',
    [familyId],
  );
  return rows.length > 0;
}

/**
 * Keeps the user's `keep` newest live sessions (refresh-token families) and revokes the rest: a new
 * sign-in beyond the cap ends the oldest. The caller holds the user's row (sign-in upserts it), so two
 * sign-ins of one user count one after the other. Returns the families it revoked.
 */
export async function revokeSessionsBeyond(q: Queryable, userId: number, keep: number): Promise<string[]> {
  const rows = await q.query<{ family_id: string }>(
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND family_id IN (
        SELECT family_id FROM refresh_tokens
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
         GROUP BY family_id ORDER BY max(id) DESC OFFSET $2)
      RETURNING family_id`,
    [userId, keep],
  );
  return [...new Set(rows.map((row) => row.family_id))];
}

/**
 * Whether the user's session (refresh-token family) is live: it has tokens and none of them is revoked.
 * A family with no rows (purged, or its user deleted: the rows cascade) is not.
 */
export async function isSessionLive(q: Queryable, familyId: string, userId: number): Promise<boolean> {
  const [row] = await q.query<{ live: boolean | null }>(
    'SELECT bool_and(revoked_at IS NULL) AS live FROM refresh_tokens WHERE family_id = $1 AND user_id = $2',
    [familyId, userId],
  );
  return row?.live === true;
}

/** The family of a refresh token, if the token is the user's. */
export async function familyOf(q: Queryable, tokenHash: string, userId: number): Promise<string | undefined> {
  const [row] = await q.query<{ family_id: string }>(
    'SELECT family_id FROM refresh_tokens WHERE token_hash = $1 AND user_id = $2',
    [tokenHash, userId],
  );
  return row?.family_id;
}

/** Expired refresh tokens can never be used again: they are deleted. Returns how many. */
export async function purgeExpiredRefreshTokens(q: Queryable): Promise<number> {
  const rows = await q.query('DELETE FROM refresh_tokens WHERE expires_at < now() RETURNING id');
  return rows.length;
}

export async function revokedFamiliesWithin(q: Queryable, seconds: number): Promise<string[]> {
  const rows = await q.query<{ family_id: string }>(
    'SELECT DISTINCT family_id FROM refresh_tokens WHERE revoked_at >= now() - make_interval(secs => $1)',
    [seconds],
  );
  return rows.map((row) => row.family_id);
}
