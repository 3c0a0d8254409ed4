import type { KeyPair } from '@ton/crypto';
import type { Config, HotWalletVersion } from './config';
import type { Db } from './db/index';
import type { EventBus } from './events/bus';
import type { TokenKeys } from './http/auth-context';
import type { RevokedSessions } from './http/revoked-sessions';
import type { BotApi } from './lib/bot-api';

/**
 * The community gate's question (docs/product.md §6): is this Telegram user a member of the community chat?
 * Production asks the Bot API (community/checker.ts); the sandbox answers from the launcher's flag.
 */
export interface CommunityChecker {
  isMember(telegramId: number): Promise<boolean>;
  /** How long a negative answer stands before asking again (0 = ask every time). */
  readonly recheckIntervalMs: number;
}

/**
 * An inline message the user can send to any chat from the Mini App (Bot API
 * savePreparedInlineMessage, docs/foundations.md §8): an article whose one button is a url button.
 */
export interface ShareMessageDraft {
  /** The Telegram user who will send it (the prepared message is theirs only). */
  telegramId: number;
  title: string;
  description: string;
  text: string;
  buttonText: string;
  buttonUrl: string;
}

export interface PreparedMessage {
  /** What the client hands to WebApp.shareMessage. */
  id: string;
  /** Unix seconds; an expired prepared message can no longer be sent. */
  expirationDate: number;
}

/**
 * Prepares a share message. Production asks the Bot API (referral/share-message.ts); the sandbox keeps
 * it in its own table for the host emulator's share dialog. Throws when it cannot.
 */
export interface ShareMessagePreparer {
  prepare(draft: ShareMessageDraft): Promise<PreparedMessage>;
}

/**
 * The wallet TON payouts leave from (docs/foundations.md §7 Payouts): production derives it from
 * HOT_WALLET_MNEMONIC; in the sandbox it is the dev chain's treasury, whose key pair the sandbox hands over.
 */
export interface HotWalletKeys {
  version: HotWalletVersion;
  keyPair: KeyPair;
}

/** What services need from the outside world; built once in app.ts, replaceable in tests. */
export interface Deps {
  config: Config;
  db: Db;
  bus: EventBus;
  community: CommunityChecker;
  shareMessages: ShareMessagePreparer;
  tokens: TokenKeys;
  /** The sessions this process knows were revoked: their access tokens are refused. */
  revokedSessions: RevokedSessions;
  /** Null when payouts are off (PAYOUTS_ENABLED). */
  hotWallet: HotWalletKeys | null;
  /** The bot's Telegram Bot API (lib/bot-api.ts); the sandbox records the calls instead. */
  botApi: BotApi;
}
