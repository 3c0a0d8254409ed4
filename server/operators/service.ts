/**
 * Named operators (docs/security.md "Operators"): the Telegram users of OPERATOR_TELEGRAM_IDS (and, in
 * the sandbox, the launcher's) sign in to the console with fresh launch data Telegram gives it, each once,
 * and get an operator session: its own token audience, OPERATOR_SESSION_TTL_SECONDS long, ended by the
 * operator (or expired) in every process at once, since each call reads its row. An operator taken off the
 * list loses their sessions the same way: switched off in the launcher, or missing from the list a process
 * starts with; the ending is published on the bus, so every process closes their sockets. The admin token
 * stays for the CLI and automation; the audit names who acted either way.
 */
import { randomUUID } from 'node:crypto';
import type { OperatorActor, OperatorSession } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import type { OperatorSessionRef } from '../http/auth-context';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { unixNow } from '../lib/codes';
import { OPERATOR_LAUNCH_DATA_KEEP_MARGIN_SECONDS, OPERATOR_SESSION_TTL_SECONDS } from '../constants';
import { verifyInitData } from '../auth/service';
import {
  endNonOperatorSessions,
  endOperatorSession,
  endOperatorSessionsOf,
  insertOperatorSession,
  isSandboxOperator,
  liveOperatorSession,
  liveOperatorSessionIds,
  purgeOperatorSessions,
  sandboxOperatorIds,
  setSandboxOperator,
  useOperatorLaunchData,
} from './queries';

type NamedOperator = Extract<OperatorActor, { kind: 'operator' }>;

export { purgeOperatorSessions, sandboxOperatorIds };

/** Whether this Telegram user is an operator now (the setting, or in the sandbox the launcher's switch). */
export async function isOperator(
  deps: { config: Pick<Deps['config'], 'operatorTelegramIds' | 'mode'>; db: Queryable },
  telegramId: number,
): Promise<boolean> {
  if (deps.config.operatorTelegramIds.includes(telegramId)) return true;
  return deps.config.mode === 'sandbox' && (await isSandboxOperator(deps.db, telegramId));
}

/** Who is an operator now, as the queries read it (the same rule as isOperator). */
const operatorList = (config: Pick<Deps['config'], 'operatorTelegramIds' | 'mode'>) => ({
  configured: config.operatorTelegramIds,
  sandbox: config.mode === 'sandbox',
});

/**
 * The sandbox launcher's Operator switch, inside the caller's transaction. Switched off (and not one of
 * OPERATOR_TELEGRAM_IDS), the user's live sessions end, published with the commit: every process refuses
 * their calls (each reads the row) and closes their operator sockets at once.
 */
export async function switchSandboxOperator(
  config: Pick<Deps['config'], 'operatorTelegramIds'>,
  tx: Tx,
  telegramId: number,
  operator: boolean,
): Promise<void> {
  await setSandboxOperator(tx, telegramId, operator);
  if (operator || config.operatorTelegramIds.includes(telegramId)) return;
  tx.publishSessionsRevoked(await endOperatorSessionsOf(tx, telegramId));
}

/**
 * A process starting with its operator list (OPERATOR_TELEGRAM_IDS changed and this process restarted,
 * others still running with the old list): the live sessions of anyone not on it end, published on the bus,
 * so the processes still running refuse their calls and close their sockets too. Returns how many ended.
 */
export async function endFormerOperatorSessions(deps: Pick<Deps, 'config' | 'db' | 'bus'>): Promise<number> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const ended = await endNonOperatorSessions(tx, operatorList(deps.config));
    tx.publishSessionsRevoked(ended);
    return ended.length;
  });
}

/**
 * Of these sessions, those still live and an operator's: the periodic check of the open operator sockets
 * (server/ws/routes.ts), the backstop of the bus event for a process that missed it. One query for all.
 */
export async function liveOperatorSessions(
  deps: { config: Pick<Deps['config'], 'operatorTelegramIds' | 'mode'>; db: Queryable },
  sessionIds: readonly string[],
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  return new Set(await liveOperatorSessionIds(deps.db, sessionIds, operatorList(deps.config)));
}

/** How the audit and the console name an operator: "First Last (@username)". */
export function operatorName(profile: { firstName: string; lastName: string | null; username: string | null }): string {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return profile.username ? `${name} (@${profile.username})` : name;
}

/**
 * The console's sign-in: launch data of an operator → a new operator session. The launch data must be
 * fresh (OPERATOR_INIT_DATA_MAX_AGE_SECONDS, minutes, where a user's sign-in takes a day) and signs in
 * once: its HMAC is recorded with the session, in one transaction, so a copy replayed later, or sent twice
 * at once to two processes, opens no second session. `audit` writes the sign-in's row in the session's own
 * transaction (server/audit/hooks.ts auditedWithin): no session without its row.
 */
export async function openOperatorSession(
  deps: Pick<Deps, 'config' | 'db' | 'tokens'>,
  initData: string,
  audit: (q: Queryable, actor: NamedOperator) => Promise<void>,
): Promise<OperatorSession & { token: string; actor: NamedOperator }> {
  // The signature (and no date from the future) here; the age against the console's own limit below.
  const { profile, authDate, hash } = verifyInitData(initData, deps.config.botToken, 0);
  const maxAge = deps.config.operatorInitDataMaxAgeSeconds;
  if (unixNow() - authDate > maxAge) throw new UnauthorizedError('operatorLaunchTooOld');
  if (!(await isOperator(deps, profile.telegramId))) throw new ForbiddenError('notOperator');
  const sessionId = randomUUID();
  const name = operatorName(profile);
  const actor: NamedOperator = { kind: 'operator', telegram_id: profile.telegramId, name };
  const expiresAt = await deps.db.tx(async (q) => {
    // Kept until it is too old to sign in anyway (and a margin for clocks), then purged by a later sign-in.
    const keepUntil = authDate + maxAge + OPERATOR_LAUNCH_DATA_KEEP_MARGIN_SECONDS;
    if (!(await useOperatorLaunchData(q, hash, keepUntil))) throw new UnauthorizedError('operatorLaunchUsed');
    const expires = await insertOperatorSession(q, {
      id: sessionId,
      telegramId: profile.telegramId,
      name,
      ttlSeconds: OPERATOR_SESSION_TTL_SECONDS,
    });
    await audit(q, actor);
    return expires;
  });
  const token = await deps.tokens.signOperator(
    { telegramId: profile.telegramId, name, sessionId },
    OPERATOR_SESSION_TTL_SECONDS,
  );
  return { token, actor, expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

export type AuthenticatedOperator = OperatorSessionRef;

/**
 * An operator session's token → who acts; null for a token that is no operator token (the guard then
 * refuses it as it refuses a wrong admin token). A user's token → 403. An ended or expired session, or an
 * operator no longer named → 401 operatorSessionEnded.
 */
export async function authenticateOperator(
  deps: Pick<Deps, 'config' | 'db' | 'tokens'>,
  token: string,
): Promise<AuthenticatedOperator | null> {
  const claims = await deps.tokens.verifyOperator(token);
  if (!claims) return null;
  const session = await liveOperatorSession(deps.db, claims.sessionId);
  if (!session || Number(session.telegram_id) !== claims.telegramId || !(await isOperator(deps, claims.telegramId))) {
    throw new UnauthorizedError('operatorSessionEnded');
  }
  return {
    actor: { kind: 'operator', telegram_id: claims.telegramId, name: session.name },
    sessionId: claims.sessionId,
    expiresAt: claims.expiresAt,
  };
}

/** Ends the session in every process: its calls are refused (each reads the row) and its sockets close. */
export async function closeOperatorSession(deps: Pick<Deps, 'db' | 'bus'>, sessionId: string): Promise<void> {
  await inTransaction(deps.db, deps.bus, async (tx) => {
    if (await endOperatorSession(tx, sessionId)) tx.publishSessionsRevoked([sessionId]);
  });
}
