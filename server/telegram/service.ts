/**
 * The bot (docs/foundations.md §7b, docs/decisions.md "The bot"): what it answers to the updates Telegram sends its
 * webhook, the /start parameter it keeps for a first sign-in, and its setup through the Bot API.
 *
 * Commands, in private chats only (a group's or channel's message is no one's command to the bot):
 * - `/start` (or `/start@<bot>`): a welcome and a `web_app` button opening the Mini App at PUBLIC_URL;
 * - `/start <ref_code>`: the same, and the code is kept for the user's first sign-in (`takeStartRefCode`):
 *   a web_app button's launch carries no start parameter, so the referral would be lost otherwise;
 * - `/start farm_<code>`: the button opens PUBLIC_URL/?farm_code=<code>, which the app activates;
 * - `/help`, or anything else: a short answer with the same button.
 * While maintenance is on, each of these answers says so instead of its welcome or help, and keeps its
 * button (with the farming link's code): the app it opens waits on its maintenance page and carries on
 * by itself when maintenance ends (docs/decisions.md "The bot"). /admin is the operators' and unchanged.
 * Any /start also marks the user as one who started the bot (users.bot_started_at), which notifications
 * need. An update is recorded by its update_id in the transaction that acts on it, so one delivered twice
 * acts once; the answer goes after the commit.
 */
import { z } from 'zod';
import { ACTIVATION_CODE_PATTERN, FARM_START_PREFIX, readRefCode } from '@contract';
import type { Config } from '../config';
import { TELEGRAM_UPDATES_KEPT_DAYS } from '../constants';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { BotApiError } from '../lib/bot-api';
import { languageOf } from '../lib/language';
import { isMaintenanceOn } from '../maintenance/service';
import { markBotStarted } from '../users/service';
import { keepStartParam, purgeUpdates, recordUpdate, takeStartParam } from './queries';
import { BOT_LANGUAGES, MENU_BUTTON_TEXT, botTexts } from './texts';

/** The webhook's path (POST), which `setupBot` gives Telegram. */
export const WEBHOOK_PATH = '/api/telegram/webhook';

/**
 * An update as far as the bot reads it: unknown fields pass, and a message of another kind (a photo, a
 * sticker: no text) is still a message.
 */
export const updateSchema = z.object({
  update_id: z.number().int().nonnegative(),
  message: z
    .object({
      message_id: z.number().int(),
      chat: z.object({ id: z.number().int(), type: z.string() }),
      from: z
        .object({
          id: z.number().int(),
          is_bot: z.boolean(),
          first_name: z.string(),
          language_code: z.string().optional(),
        })
        .optional(),
      text: z.string().optional(),
    })
    .optional(),
});

export type TelegramUpdate = z.output<typeof updateSchema>;

/** A sendMessage the bot owes, sent after the update's transaction commits. */
export interface BotReply {
  chat_id: number;
  text: string;
  reply_markup: { inline_keyboard: [[{ text: string; web_app: { url: string } }]] };
}

type Command =
  { kind: 'start'; ref: string | null; farm: string | null } | { kind: 'help' } | { kind: 'admin' } | { kind: 'other' };

/**
 * The command a text is. `/start@<bot>` and `/help@<bot>` count only with this bot's username; the
 * parameter is one word (Telegram's deep links carry at most 64 characters of A-Z a-z 0-9 _ -). A
 * parameter that is neither a ref code nor `farm_<valid code>` is no parameter: the plain welcome.
 */
export function readCommand(text: string | undefined, botUsername: string): Command {
  const match = /^\/(start|help|admin)(?:@([A-Za-z0-9_]+))?(?:\s+(\S+))?\s*$/.exec(text?.trim() ?? '');
  if (!match) return { kind: 'other' };
  const [, name, mention, param] = match;
  if (mention !== undefined && mention.toLowerCase() !== botUsername.toLowerCase()) return { kind: 'other' };
  if (name === 'help') return { kind: 'help' };
  if (name === 'admin') return { kind: 'admin' };
  if (param?.startsWith(FARM_START_PREFIX)) {
    const code = param.slice(FARM_START_PREFIX.length);
    return { kind: 'start', ref: null, farm: ACTIVATION_CODE_PATTERN.test(code) ? code : null };
  }
  return { kind: 'start', ref: readRefCode(param), farm: null };
}

/** The operator console's page (its own entry beside the Mini App's). */
export const CONSOLE_PATH = '/operator/';

/** The Mini App's address the button opens: PUBLIC_URL, with `?farm_code=` for a farming link. */
export function appUrl(config: Pick<Config, 'publicUrl'>, farmCode: string | null = null): string {
  const root = `${config.publicUrl}/`;
  return farmCode === null ? root : `${root}?farm_code=${encodeURIComponent(farmCode)}`;
}

function reply(chatId: number, text: string, buttonText: string, url: string): BotReply {
  return { chat_id: chatId, text, reply_markup: { inline_keyboard: [[{ text: buttonText, web_app: { url } }]] } };
}

/**
 * Acts on one update in one transaction with its record: null when it was handled before, or asks nothing
 * of the bot (not a private chat's message from a person); else the answer to send once this commits.
 */
/**
 * Whether a Telegram user is an operator (server/operators, handed in by app.ts: the operators' sign-in
 * builds on the users' one, which reads what /start kept here).
 */
export type OperatorCheck = (q: Queryable, telegramId: number) => Promise<boolean>;

export async function handleUpdate(
  deps: Pick<Deps, 'db' | 'config'>,
  update: TelegramUpdate,
  isOperator: OperatorCheck,
): Promise<BotReply | null> {
  const message = update.message;
  if (!message?.from || message.from.is_bot || message.chat.type !== 'private') return null;
  const from = message.from;
  const command = readCommand(message.text, deps.config.botUsername);
  // A welcome that opens an app showing only "under maintenance" would be a surprise: the bot says it
  // first. Read before the transaction (a cached setting, on a connection of its own).
  const maintenance = await isMaintenanceOn(deps.db);
  return deps.db.tx(async (q) => {
    if (!(await recordUpdate(q, update.update_id))) return null;
    const texts = botTexts(languageOf(from.language_code));
    // /admin opens the console for operators only; anyone else gets the help, as for any other text.
    if (command.kind === 'admin' && (await isOperator(q, from.id))) {
      return reply(message.chat.id, texts.console, texts.consoleButton, `${deps.config.publicUrl}${CONSOLE_PATH}`);
    }
    if (command.kind !== 'start') {
      return reply(
        message.chat.id,
        maintenance ? texts.maintenance : texts.help,
        texts.openButton,
        appUrl(deps.config),
      );
    }
    const registered = await markBotStarted(q, from.id);
    // Only someone without an account can still be referred (the referrer is linked at creation only).
    if (!registered && command.ref !== null) await keepStartParam(q, from.id, command.ref);
    const welcome = command.farm === null ? texts.welcome : texts.welcomeFarm;
    return reply(
      message.chat.id,
      maintenance ? texts.maintenance : welcome,
      texts.openButton,
      appUrl(deps.config, command.farm),
    );
  });
}

/**
 * The ref code a /start kept for this Telegram user's first sign-in, deleted as it is read (in the
 * sign-in's transaction); null when there is none.
 */
export async function takeStartRefCode(q: Queryable, telegramId: number): Promise<string | null> {
  return readRefCode(await takeStartParam(q, telegramId));
}

/** One Bot API call of the setup, and how it went. */
export interface SetupStep {
  method: string;
  /** The language it set (setMyCommands, the descriptions), null for the default. */
  language: string | null;
  ok: boolean;
  /** Telegram's refusal, when not ok. */
  error: string | null;
}

/**
 * Sets the bot up through the Bot API: the webhook (with BOT_WEBHOOK_SECRET, message updates only, the
 * pending ones kept), the commands, the descriptions in English (the default) and Russian, and the menu
 * button opening the Mini App. Each call is made even when an earlier one failed, and each outcome is
 * answered: running it again after a fix repeats them all, harmlessly.
 */
export async function setupBot(
  deps: Pick<Deps, 'config' | 'botApi'>,
): Promise<{ webhook_url: string; steps: SetupStep[] }> {
  const { config, botApi } = deps;
  const webhookUrl = `${config.publicUrl}${WEBHOOK_PATH}`;
  const calls: { method: string; language: string | null; params: Record<string, unknown> }[] = [
    {
      method: 'setWebhook',
      language: null,
      params: {
        url: webhookUrl,
        secret_token: config.botWebhookSecret,
        allowed_updates: ['message'],
        drop_pending_updates: false,
      },
    },
  ];
  for (const language of BOT_LANGUAGES) {
    const texts = botTexts(language);
    // English is the default: what a user of any other language sees.
    const scope = language === 'en' ? {} : { language_code: language };
    const tag = language === 'en' ? null : language;
    calls.push(
      {
        method: 'setMyCommands',
        language: tag,
        params: {
          commands: [
            { command: 'start', description: texts.startCommand },
            { command: 'help', description: texts.helpCommand },
          ],
          ...scope,
        },
      },
      { method: 'setMyDescription', language: tag, params: { description: texts.description, ...scope } },
      {
        method: 'setMyShortDescription',
        language: tag,
        params: { short_description: texts.shortDescription, ...scope },
      },
    );
  }
  calls.push({
    method: 'setChatMenuButton',
    language: null,
    params: { menu_button: { type: 'web_app', text: MENU_BUTTON_TEXT, web_app: { url: appUrl(config) } } },
  });

  const steps: SetupStep[] = [];
  for (const { method, language, params } of calls) {
    try {
      await botApi.call(method, params);
      steps.push({ method, language, ok: true, error: null });
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      steps.push({ method, language, ok: false, error: error.message });
    }
  }
  return { webhook_url: webhookUrl, steps };
}

/** Sends an answer; a refusal (the user blocked the bot, Telegram unreachable) is the caller's to log. */
export async function sendReply(deps: Pick<Deps, 'botApi'>, answer: BotReply): Promise<void> {
  await deps.botApi.call('sendMessage', { ...answer });
}

/** Forgets handled updates older than TELEGRAM_UPDATES_KEPT_DAYS (none of them can come again); how many. */
export function purgeHandledUpdates(q: Queryable): Promise<number> {
  return purgeUpdates(q, TELEGRAM_UPDATES_KEPT_DAYS);
}
