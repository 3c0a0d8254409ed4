import { createEffect } from 'effector';

/** SPEC §4: each farm code is checked once per device. */
const STORAGE_KEY = 'farming.checked_codes';
/** Codes kept at most: the oldest are forgotten first. */
const MAX_CODES = 200;

/** Where the codes live when local storage is unavailable (SPEC §8: memory fallback). */
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

/** Has this device checked the code already? */
export const wasCodeCheckedFx = createEffect((code: string): boolean => {
  const store = storage();
  return memory.has(code) || (store !== null && readStored(store).includes(code));
});

/** Remembers that this device has checked the code. */
export const rememberCodeCheckedFx = createEffect((code: string): void => {
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
