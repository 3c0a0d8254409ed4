/**
 * Sign-in (docs/product.md §6): register with the launch data, refresh the token pair, sign out.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { userMeSchema } from '../user/schemas';
import type { CallSchemas } from '../route';
import type { authRoutes } from './routes';

export const registerBodySchema = z.strictObject({
  init_data: z.string().min(1, 'init_data is required').max(8192),
  /**
   * The referrer's code from the launch's start parameter. Any text is taken: a start parameter that is
   * no ref code (readRefCode: too long, other characters, a code nobody has) is ignored by the server,
   * never a reason to refuse the sign-in.
   */
  ref_code: z.string().nullish(),
});

const refreshTokenText = z.string().min(16).max(256);
/** /auth/refresh accepts both readings of the body (docs/foundations.md §4). */
export const refreshBodySchema = z.union([
  z.strictObject({ refresh_token: refreshTokenText }),
  z.strictObject({ refresh: refreshTokenText }),
]);

export const tokenPairSchema = z.object({
  token: z.string(),
  refresh: z.string(),
});
/** POST /auth/logout: the refresh token whose session ends. */
export const logoutBodySchema = z.strictObject({
  refresh_token: z.string().min(1).max(200),
});
export const logoutResultSchema = z.object({ signed_out: z.literal(true) });
/**
 * POST /auth/register: the tokens and the same user GET /user/me answers, so the first screen
 * renders after one round trip (later refetches read /user/me).
 */
export const registerResponseSchema = tokenPairSchema.extend({
  user: userMeSchema,
});

/** The schemas of each auth call (./routes.ts), under the same names. */
export const authCallSchemas = {
  register: { body: registerBodySchema, response: registerResponseSchema },
  refresh: { body: refreshBodySchema, response: tokenPairSchema },
  logout: { body: logoutBodySchema, response: logoutResultSchema },
} as const satisfies Record<keyof typeof authRoutes, CallSchemas>;

export type RegisterBody = z.input<typeof registerBodySchema>;
export type RefreshBody = z.input<typeof refreshBodySchema>;
export type TokenPair = z.output<typeof tokenPairSchema>;
export type RegisterResponse = z.output<typeof registerResponseSchema>;
