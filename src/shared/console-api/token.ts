import { createEffect, createEvent, createStore, sample } from 'effector';

/**
 * The operator session's bearer token (POST /api/admin/session), kept for the tab in sessionStorage:
 * a reload stays signed in, a new tab or a new launch from the bot signs in again with fresh launch data.
 * The console's session entity decides when to obtain or drop it; every console call carries it.
 */
export const $operatorToken = createStore<string | null>(null);
export const operatorTokenReceived = createEvent<string>();
export const operatorTokenRemoved = createEvent();

const KEY = 'operator.token';

const safeStorage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export const readOperatorTokenFx = createEffect((): string | null => safeStorage()?.getItem(KEY) ?? null);
const writeOperatorTokenFx = createEffect((token: string | null) => {
  const storage = safeStorage();
  if (token === null) storage?.removeItem(KEY);
  else storage?.setItem(KEY, token);
});

$operatorToken
  .on(readOperatorTokenFx.doneData, (_, token) => token)
  .on(operatorTokenReceived, (_, token) => token)
  .reset(operatorTokenRemoved);

sample({ clock: operatorTokenReceived, target: writeOperatorTokenFx });
sample({ clock: operatorTokenRemoved, fn: () => null, target: writeOperatorTokenFx });
