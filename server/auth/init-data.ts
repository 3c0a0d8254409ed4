/**
 * Reads the fields of Telegram launch data (init data) the sign-in needs, after its HMAC `hash` has been
 * verified. Telegram documents every field but `hash` and `auth_date` as optional, and only recent
 * clients send the ed25519 `signature` (docs/foundations.md §8): @telegram-apps/init-data-node's parse() demands
 * it, so it would refuse older clients' perfectly valid data. This reader needs only what we use.
 */
import { z } from 'zod';

const telegramUserSchema = z.looseObject({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  language_code: z.string().optional(),
  photo_url: z.string().optional(),
  // Whether the user let the bot write to them (the Mini App's launch grants it): the notifications' consent.
  allows_write_to_pm: z.boolean().optional(),
});
export type TelegramUser = z.infer<typeof telegramUserSchema>;

export interface LaunchFields {
  user: TelegramUser;
  startParam: string | undefined;
  /** When Telegram signed it (unix seconds). */
  authDate: number;
  /** Its HMAC, hex: one per launch data, however its fields are ordered (the console's once-only sign-in). */
  hash: string;
}

/** Throws when a field is repeated (which value was signed would be ambiguous), or the user is missing or malformed. */
export function readLaunchFields(initData: string): LaunchFields {
  const params = new URLSearchParams(initData);
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) throw new Error('init data repeats a field');
  const userJson = params.get('user');
  if (userJson === null) throw new Error('init data has no user');
  const user = telegramUserSchema.parse(JSON.parse(userJson));
  return {
    user,
    startParam: params.get('start_param') ?? undefined,
    authDate: Number(params.get('auth_date')),
    hash: params.get('hash') ?? '',
  };
}
