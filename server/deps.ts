import type { Config } from './config';
import type { Db } from './db/index';
import type { EventBus } from './events/bus';
import type { TokenKeys } from './http/auth-context';

/**
 * The community gate's question (SPEC §6): is this Telegram user a member of the community chat?
 * Production asks the Bot API (community/checker.ts); the sandbox answers from the launcher's flag.
 */
export interface CommunityChecker {
  isMember(telegramId: number): Promise<boolean>;
  /** How long a negative answer stands before asking again (0 = ask every time). */
  readonly recheckIntervalMs: number;
}

/** What services need from the outside world; built once in app.ts, replaceable in tests. */
export interface Deps {
  config: Config;
  db: Db;
  bus: EventBus;
  community: CommunityChecker;
  tokens: TokenKeys;
}
