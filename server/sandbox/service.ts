/**
 * Sandbox: test users that open the real app with init data signed by the sandbox bot token,
 * exactly as Telegram would sign it (docs/foundations.md §2).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import { FARM_START_PREFIX } from '@contract';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { type Account, balanceEvent, changeBalance } from '../ledger/service';
import { NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { findUserIdByTelegramId } from '../users/service';
import { sandboxOperatorIds, switchSandboxOperator } from '../operators/service';
import {
  type SandboxUserRow,
  findPreparedMessage,
  findSandboxUser,
  insertSandboxUser,
  listSandboxUsers,
  setSandboxMembership,
  telegramIdTaken,
} from './queries';
import type { CreateSandboxUser, PreparedMessageView, SandboxUser } from './schemas';
import { THEMES, type ThemeParams } from './themes';

/**
 * The Telegram client version the emulated host reports unless the launch asks for another (the launcher's
 * Client version): docs/foundations.md §6, shareMessage needs 8.0.
 */
export const SANDBOX_WEB_APP_VERSION = '8.0';

function toWire(row: SandboxUserRow, operators: ReadonlySet<number>): SandboxUser {
  return {
    id: row.id,
    telegram_id: Number(row.telegram_id),
    first_name: row.first_name,
    username: row.username,
    language_code: row.language_code,
    start_param: row.start_param,
    is_community_member: row.is_community_member,
    is_operator: operators.has(Number(row.telegram_id)),
    platform: row.platform,
    theme: row.theme,
    created_at: row.created_at.toISOString(),
    app_user:
      row.app_user_id === null
        ? null
        : {
            id: row.app_user_id,
            ref_code: row.app_ref_code ?? '',
            balance_token: formatUnits(row.app_balance_token ?? 0n),
            referral_balance: formatUnits(row.app_referral_balance ?? 0n),
            task_balance: formatUnits(row.app_task_balance ?? 0n),
          },
  };
}

export async function requireSandboxUser(deps: Deps, id: number): Promise<SandboxUserRow> {
  const row = await findSandboxUser(deps.db, id);
  if (!row) throw new NotFoundError({ code: 'notFound', msg: 'Test user not found' });
  return row;
}

/** The console's operators: the launcher's and OPERATOR_TELEGRAM_IDS. */
async function operatorIds(deps: Deps): Promise<ReadonlySet<number>> {
  return new Set([...deps.config.operatorTelegramIds, ...(await sandboxOperatorIds(deps.db))]);
}

/** A test user as the launcher shows it. */
async function sandboxUser(deps: Deps, id: number): Promise<SandboxUser> {
  return toWire(await requireSandboxUser(deps, id), await operatorIds(deps));
}

export async function listUsers(deps: Deps): Promise<SandboxUser[]> {
  const [rows, operators] = await Promise.all([listSandboxUsers(deps.db), operatorIds(deps)]);
  return rows.map((row) => toWire(row, operators));
}

export async function createUser(deps: Deps, input: CreateSandboxUser): Promise<SandboxUser> {
  const id = await deps.db.tx(async (q) => {
    let telegramId: number;
    // Real Telegram ids are 9–10 digits; avoid ids already used by anyone.
    do telegramId = randomInt(100_000_000, 10_000_000_000);
    while (await telegramIdTaken(q, telegramId));
    return insertSandboxUser(q, {
      telegramId,
      firstName: input.first_name,
      username: input.username,
      languageCode: input.language_code,
      startParam: input.start_param,
      isCommunityMember: input.is_community_member,
      platform: input.platform,
      theme: input.theme,
    });
  });
  return sandboxUser(deps, id);
}

export async function updateUser(
  deps: Deps,
  id: number,
  patch: { is_community_member?: boolean | undefined; is_operator?: boolean | undefined },
): Promise<SandboxUser> {
  const row = await requireSandboxUser(deps, id);
  await inTransaction(deps.db, deps.bus, async (tx) => {
    if (patch.is_community_member !== undefined) await setSandboxMembership(tx, id, patch.is_community_member);
    // Switched off: the operator's sessions end in every process, their console sockets close.
    if (patch.is_operator !== undefined) {
      await switchSandboxOperator(deps.config, tx, Number(row.telegram_id), patch.is_operator);
    }
  });
  return sandboxUser(deps, id);
}

/** Telegram's chat_instance is a signed 64-bit number. */
const randomChatInstance = () => BigInt.asIntN(64, randomBytes(8).readBigUInt64BE()).toString();

/** Init data as Telegram signs it: user JSON, auth_date, and start_param inside the signed data. */
export function signInitData(botToken: string, user: SandboxUserRow, authDate = new Date()): string {
  const viaLink = user.start_param !== null;
  return sign(
    {
      user: {
        id: Number(user.telegram_id),
        first_name: user.first_name,
        ...(user.username ? { username: user.username } : {}),
        language_code: user.language_code,
        allows_write_to_pm: true,
      },
      // Opened from a t.me/<bot>/<app>?startapp= link Telegram sends chat_type/chat_instance;
      // from the bot's menu button it sends a query_id.
      ...(viaLink
        ? { chat_type: 'sender', chat_instance: randomChatInstance(), start_param: user.start_param ?? '' }
        : { query_id: `AAH${randomBytes(12).toString('base64url')}` }),
    },
    botToken,
    authDate,
  );
}

export interface LaunchInfo {
  /** The app URL with Telegram launch parameters in the hash, relative to this origin. */
  url: string;
  platform: SandboxUserRow['platform'];
  theme: SandboxUserRow['theme'];
  /** Both themes, for the host emulator's theme toggle. */
  themes: Record<'light' | 'dark', ThemeParams>;
}

/**
 * The launch URL of a test user. With `farmCode` the app opens as from a farm link
 * (t.me/<bot>/<app>?startapp=farm_<code>): that start parameter replaces the user's referrer code for
 * this launch, as Telegram carries one start parameter. With `via` 'web_app_button' it opens as from a bot
 * message's button: no start parameter at all. With `startParam` it opens as from a t.me link carrying that
 * one (the host emulator's return from the phone-style Dev Wallet: `tonconnect-…`). `version` is the client's.
 */
export async function launch(
  deps: Deps,
  id: number,
  options: {
    farmCode?: string | undefined;
    via?: 'web_app_button' | undefined;
    startParam?: string | undefined;
    /** The client's Mini App API version (tgWebAppVersion); SANDBOX_WEB_APP_VERSION when not given. */
    version?: string | undefined;
  } = {},
): Promise<LaunchInfo> {
  const stored = await requireSandboxUser(deps, id);
  const { farmCode, via } = options;
  // A bot message's web_app button opens its URL with no start parameter (a farm code rides in its query).
  const startParam =
    via === 'web_app_button'
      ? null
      : farmCode
        ? `${FARM_START_PREFIX}${farmCode}`
        : (options.startParam ?? stored.start_param);
  const user = { ...stored, start_param: startParam };
  const hash = new URLSearchParams({
    tgWebAppData: signInitData(deps.config.botToken, user),
    tgWebAppVersion: options.version ?? SANDBOX_WEB_APP_VERSION,
    tgWebAppPlatform: user.platform,
    tgWebAppThemeParams: JSON.stringify(THEMES[user.theme]),
  });
  // The SDK reads start_param from tgWebAppData only (docs/foundations.md §6); Telegram sends both.
  if (user.start_param) hash.set('tgWebAppStartParam', user.start_param);
  return { url: `/#${hash.toString()}`, platform: user.platform, theme: user.theme, themes: THEMES };
}

export async function grant(deps: Deps, id: number, input: { amount: bigint; account: Account }) {
  const user = await requireSandboxUser(deps, id);
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const userId = await findUserIdByTelegramId(tx, Number(user.telegram_id));
    if (userId === undefined) throw new NotFoundError({ code: 'notFound', msg: 'User has not opened the app yet' });
    const row = await changeBalance(tx, {
      userId,
      account: input.account,
      delta: input.amount,
      reason: 'sandbox_grant',
      refType: 'sandbox_user',
      refId: id,
    });
    return balanceEvent(row);
  });
}

/** What the app asked the host to share (WebApp.shareMessage): the test user's own, unexpired message. */
export async function preparedMessage(deps: Deps, id: number, messageId: string): Promise<PreparedMessageView> {
  const user = await requireSandboxUser(deps, id);
  const row = await findPreparedMessage(deps.db, user.telegram_id, messageId);
  if (!row) throw new NotFoundError({ code: 'notFound', msg: 'Prepared message not found or expired' });
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    text: row.message_text,
    button: { text: row.button_text, url: row.button_url },
    expiration_date: Math.floor(row.expires_at.getTime() / 1000),
  };
}
