/**
 * The Telegram Bot API, as the bot's webhook, its setup and the notification sender call it: one method
 * call = one POST of JSON to `<BOT_API_URL>/bot<token>/<method>`, answered `{ok, result}` or
 * `{ok:false, error_code, description, parameters?: {retry_after}}`. A refusal or no answer throws
 * BotApiError with what a caller needs to decide: the code (0 = no answer), Telegram's description and,
 * for 429, how many seconds to wait.
 *
 * The sandbox gives the app its own BotApi that records the calls instead (server/sandbox/).
 */

/** One Bot API call may take this long before it counts as no answer. */
export const BOT_API_TIMEOUT_MS = 10_000;

export class BotApiError extends Error {
  override name = 'BotApiError';
  constructor(
    readonly method: string,
    /** Telegram's error_code (400, 403, 429, …), or 0 when no answer came (network, timeout). */
    readonly errorCode: number,
    readonly description: string,
    /** Seconds Telegram asks to wait before the next call (429's parameters.retry_after). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${method}: ${errorCode === 0 ? 'no answer' : errorCode} ${description}`);
  }
}

export interface BotApi {
  /** Calls `method` with `params`; resolves with its `result`, throws BotApiError otherwise. */
  call<T = unknown>(method: string, params: Record<string, unknown>): Promise<T>;
}

interface Answer {
  ok?: unknown;
  result?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown };
}

export function createBotApi(options: {
  botToken: string;
  /** The Bot API's origin (BOT_API_URL), no trailing slash. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): BotApi {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.baseUrl.replace(/\/+$/, '')}/bot${options.botToken}`;
  return {
    async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
      let response: Response;
      let answer: Answer;
      try {
        response = await doFetch(`${base}/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(params),
          signal: AbortSignal.timeout(options.timeoutMs ?? BOT_API_TIMEOUT_MS),
        });
        answer = (await response.json()) as Answer;
      } catch (error) {
        throw new BotApiError(method, 0, error instanceof Error ? error.message : String(error));
      }
      if (answer.ok === true) return answer.result as T;
      const code = typeof answer.error_code === 'number' ? answer.error_code : response.status;
      const retryAfter = answer.parameters?.retry_after;
      throw new BotApiError(
        method,
        code,
        typeof answer.description === 'string' ? answer.description : 'unexpected answer',
        typeof retryAfter === 'number' ? retryAfter : null,
      );
    },
  };
}
