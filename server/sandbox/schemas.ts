/** Sandbox API shapes (server-owned: the launcher page and e2e tests are its only clients). */
import { z } from 'zod';
import { activationCodeSchema, idTextSchema, moneyInput } from '@contract';
import { ACCOUNTS } from '../ledger/service';

export const platformSchema = z.enum(['ios', 'android', 'tdesktop', 'web', 'unknown']);
export const themeSchema = z.enum(['light', 'dark']);
const emptyToNull = (v: string | null | undefined) => (v ? v : null);

export const createSandboxUserSchema = z.strictObject({
  first_name: z.string().trim().min(1, 'Name is required').max(64),
  username: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9_]{5,32})?$/, 'username: 5–32 letters, digits or _')
    .nullish()
    .transform(emptyToNull),
  language_code: z.enum(['en', 'ru']).default('en'),
  /**
   * The launch's start parameter: a referrer's ref code, or anything else a t.me link can carry
   * (Telegram allows A-Z a-z 0-9 _ - up to 512 characters; TON Connect's return links carry
   * `tonconnect-…`), which the app must sign in with all the same.
   */
  start_param: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,512}$/, 'start_param: up to 512 letters, digits, _ and -')
    .nullish()
    .transform(emptyToNull),
  is_community_member: z.boolean().default(true),
  platform: platformSchema.default('android'),
  theme: themeSchema.default('light'),
});
export type CreateSandboxUser = z.output<typeof createSandboxUserSchema>;

/** The launcher's maintenance switch (the same body as the operator's POST /api/admin/maintenance). */
export const maintenanceSwitchSchema = z.strictObject({ enabled: z.boolean() });

/** The launcher's Price ↑ / ↓ (PRICE_NUDGE_BPS up or down, one tick through the price service). */
export const priceNudgeSchema = z.strictObject({ direction: z.enum(['up', 'down']) });

/**
 * `?farm_code=`: open the app as from a farm link (start parameter `farm_<code>`, signed in the launch data).
 * `?via=web_app_button`: as from a bot message's web_app button, which carries no start parameter.
 * `?start_param=`: as from a t.me link with that start parameter (the phone-style Dev Wallet's return).
 */
/** The client versions the launcher offers: before and after each Mini App feature the app uses. */
export const SANDBOX_CLIENT_VERSIONS = ['6.0', '7.0', '7.8', '8.0', '9.0', '9.1'] as const;

export const launchQuerySchema = z.object({
  farm_code: activationCodeSchema.optional(),
  via: z.enum(['web_app_button']).optional(),
  /** `?start_param=`: as from a t.me link carrying this start parameter instead of the user's own. */
  start_param: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,512}$/, 'start_param: 1–512 letters, digits, _ and -')
    .optional(),
  /**
   * `?version=`: the Telegram client's Mini App API version the host reports (tgWebAppVersion), so a
   * spec or the launcher can open the app as an older or newer client does (docs/architecture.md "Sandbox").
   */
  version: z.enum(SANDBOX_CLIENT_VERSIONS).optional(),
});

export const patchSandboxUserSchema = z.strictObject({
  is_community_member: z.boolean().optional(),
  /** An operator of the console (its /admin in the bot chat, the console's sign-in), beside OPERATOR_TELEGRAM_IDS. */
  is_operator: z.boolean().optional(),
});

export const grantSchema = z.strictObject({
  /** Whole tokens, decimal. */
  amount: moneyInput.refine((units) => units > 0n, 'amount must be positive'),
  account: z.enum(ACCOUNTS as ['balance_token', 'task_balance', 'referral_balance']).default('balance_token'),
});

/** `/sandbox/api/users/:id/prepared-messages/:messageId`: the host emulator asks for what the app shares. */
export const preparedMessageParamsSchema = z.strictObject({
  id: idTextSchema,
  messageId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'messageId: a prepared message id'),
});

/** A prepared share message as the host emulator's share dialog shows it. */
export interface PreparedMessageView {
  id: string;
  title: string;
  description: string;
  text: string;
  button: { text: string; url: string };
  /** Unix seconds. */
  expiration_date: number;
}

export interface SandboxUser {
  id: number;
  telegram_id: number;
  first_name: string;
  username: string | null;
  language_code: 'en' | 'ru';
  start_param: string | null;
  is_community_member: boolean;
  /** May sign in to the operator console (the launcher's switch, or OPERATOR_TELEGRAM_IDS). */
  is_operator: boolean;
  platform: z.infer<typeof platformSchema>;
  theme: z.infer<typeof themeSchema>;
  created_at: string;
  /** The app account, once this test user has opened the app. */
  app_user: {
    id: number;
    ref_code: string;
    balance_token: string;
    referral_balance: string;
    task_balance: string;
  } | null;
}

/** What a test user writes to the bot in the host emulator's bot chat (a Telegram message: 1–4096 characters). */
export const botChatMessageSchema = z.strictObject({ text: z.string().trim().min(1, 'Write something').max(4096) });

/** One message of the bot chat, as the host emulator shows it. */
export interface BotChatMessage {
  message_id: number;
  /** The bot's (sendMessage) or the test user's (an update to the webhook). */
  from: 'bot' | 'user';
  text: string;
  /** sendMessage's parse_mode ('HTML', 'MarkdownV2'), null for plain text. */
  parse_mode: string | null;
  /** sendMessage's inline keyboard as sent (rows of buttons: text with web_app, url or callback_data). */
  inline_keyboard: unknown[][] | null;
  /** Unix seconds. */
  date: number;
}

export interface BotChatView {
  user: { id: number; telegram_id: number; first_name: string; language_code: 'en' | 'ru' };
  messages: BotChatMessage[];
}

/** How the webhook took the update a test user's message became. */
export interface WebhookDelivery {
  update_id: number;
  /** The webhook's HTTP status; 0 when it could not be reached. */
  status: number;
  error: string | null;
}

/** The bot's setup as the sandbox's Bot API last heard it (null or empty before the first setup). */
export interface SandboxBotSetup {
  webhook: { url: string; allowed_updates: unknown; secret_token_set: boolean; at: number } | null;
  /** By language: `default` for the call without language_code. */
  commands: Record<string, unknown>;
  descriptions: Record<string, string>;
  short_descriptions: Record<string, string>;
  menu_button: unknown;
}
