/**
 * Telegram's SecureStorage (Bot API 9.0: the device's Keychain / Keystore, per user and bot), spoken as raw
 * host messages because @twa-dev/sdk 8.0.2 has no `SecureStorage` object: `web_app_secure_storage_get_key`
 * and `_save_key` with a `req_id`, answered by `secure_storage_key_received` / `secure_storage_key_saved` or
 * `secure_storage_failed {error}` with the same id (docs/decisions.md "Telegram's platform"). Loaded on
 * demand by the session (shared/api/session.ts), only on a 9.0+ client: an older one ignores the messages.
 */
import { loadWebApp } from '../telegram';
import type { RawWebView } from '../telegram/model';

/** A client that says 9.0 yet never answers counts as refusing: the launch waits at most this long. */
const ANSWER_TIMEOUT_MS = 3_000;

let lastRequest = 0;

/** One request; resolves with the answer's data, rejects with the host's error (or TIMEOUT). */
async function request(method: string, data: Record<string, unknown>, answer: string): Promise<{ value?: unknown }> {
  await loadWebApp();
  const webView = (window as unknown as { Telegram: { WebView: RawWebView } }).Telegram.WebView;
  lastRequest += 1;
  const reqId = `secure_${lastRequest}_${Date.now()}`;
  return new Promise((resolve, reject) => {
    const mine = (payload: unknown): payload is { req_id: string; value?: unknown; error?: string } =>
      (payload as { req_id?: unknown } | null)?.req_id === reqId;
    const settle = () => {
      clearTimeout(timer);
      webView.offEvent(answer, onAnswer);
      webView.offEvent('secure_storage_failed', onFailed);
    };
    const onAnswer = (_type: string, payload: unknown) => {
      if (!mine(payload)) return;
      settle();
      resolve(payload);
    };
    const onFailed = (_type: string, payload: unknown) => {
      if (!mine(payload)) return;
      settle();
      reject(new Error(payload.error ?? 'UNKNOWN_ERROR'));
    };
    const timer = setTimeout(() => {
      settle();
      reject(new Error('TIMEOUT'));
    }, ANSWER_TIMEOUT_MS);
    webView.onEvent(answer, onAnswer);
    webView.onEvent('secure_storage_failed', onFailed);
    webView.postEvent(method, false, { req_id: reqId, ...data });
  });
}

/** The key's value, or null when it has none. */
export async function secureStorageGet(key: string): Promise<string | null> {
  const { value } = await request('web_app_secure_storage_get_key', { key }, 'secure_storage_key_received');
  return typeof value === 'string' ? value : null;
}

/** Saves the value; null removes the key (Telegram's removeItem sends the same message with null). */
export async function secureStorageSet(key: string, value: string | null): Promise<void> {
  await request('web_app_secure_storage_save_key', { key, value }, 'secure_storage_key_saved');
}
