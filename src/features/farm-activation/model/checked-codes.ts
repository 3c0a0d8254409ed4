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

function readStored(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

/** Has this device checked the code already? */
export const wasCodeCheckedFx = createEffect((code: string): boolean => memory.has(code) || readStored().includes(code));

/** Remembers that this device has checked the code. */
export const rememberCodeCheckedFx = createEffect((code: string): void => {
  memory.add(code);
  const store = storage();
  if (!store) return;
  const codes = [...readStored().filter((known) => known !== code), code].slice(-MAX_CODES);
  try {
    store.setItem(STORAGE_KEY, JSON.stringify(codes));
  } catch {
    // Full or refused: the memory copy still holds it for this run.
  }
});
