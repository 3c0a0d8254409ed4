import { createEffect } from 'effector';

/**
 * docs/product.md §4: each farm code is checked once per device — for each account on it: two Telegram accounts
 * share a phone, and a code one of them checked is still news to the other. Kept as
 * `<telegram id>:<code>` (the older bare codes of an earlier build are nobody's and so ignored).
 */
const STORAGE_KEY = 'farming.checked_codes';
/** Codes kept at most: the oldest are forgotten first. */
const MAX_CODES = 200;

/** Where the codes live when local storage is unavailable (docs/product.md §8: memory fallback). */
const memory = new Set<string>();

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

function readStored(store: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

/** A code checked by one account on this device. */
export interface CheckedCode {
  telegramId: number;
  code: string;
}
const entry = ({ telegramId, code }: CheckedCode) => `${telegramId}:${code}`;

/** Has this account checked the code on this device already? */
export const wasCodeCheckedFx = createEffect((checked: CheckedCode): boolean => {
  const code = entry(checked);
  const store = storage();
  return memory.has(code) || (store !== null && readStored(store).includes(code));
});

/** Remembers that this account has checked the code on this device. */
export const rememberCodeCheckedFx = createEffect((checked: CheckedCode): void => {
  const code = entry(checked);
  const store = storage();
  if (store) {
    const codes = [...readStored(store).filter((known) => known !== code), code].slice(-MAX_CODES);
    try {
      store.setItem(STORAGE_KEY, JSON.stringify(codes));
      return;
    } catch {
      // Full or refused: kept in memory for this run instead.
    }
  }
  memory.add(code);
});
