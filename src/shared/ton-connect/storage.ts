/**
 * The TON Connect connector's storage, one per Telegram user (docs/foundations.md §8): every key the library
 * writes is prefixed with the Telegram user id, so two Telegram accounts on one device never share a
 * wallet connection (each restores only its own). localStorage, or memory when it is unavailable
 * (docs/product.md §8 'localStorage is unavailable').
 */

/** @tonconnect/sdk's IStorage (a localStorage imitation with promises). */
export interface ConnectorStorage {
  setItem(key: string, value: string): Promise<void>;
  getItem(key: string): Promise<string | null>;
  removeItem(key: string): Promise<void>;
}

/** Key prefix of one Telegram user's TON Connect data ('anonymous' outside Telegram). */
export const storagePrefix = (telegramUserId: number | null): string => `tg-${telegramUserId ?? 'anonymous'}:`;

export function telegramUserStorage(
  telegramUserId: number | null,
  backing: Storage | null = defaultBacking(),
): ConnectorStorage {
  const prefix = storagePrefix(telegramUserId);
  const memory = new Map<string, string>();
  const attempt = <T>(run: (storage: Storage) => T, fallback: () => T): T => {
    if (!backing) return fallback();
    try {
      return run(backing);
    } catch {
      return fallback();
    }
  };
  return {
    async setItem(key, value) {
      attempt(
        (storage) => storage.setItem(prefix + key, value),
        () => void memory.set(prefix + key, value),
      );
    },
    async getItem(key) {
      return attempt(
        (storage) => storage.getItem(prefix + key),
        () => memory.get(prefix + key) ?? null,
      );
    },
    async removeItem(key) {
      attempt(
        (storage) => storage.removeItem(prefix + key),
        () => void memory.delete(prefix + key),
      );
    },
  };
}

function defaultBacking(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
