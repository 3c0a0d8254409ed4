import { createEffect, createEvent, createStore, sample } from 'effector';

/**
 * The operator session's bearer token (POST /api/admin/session), kept for the tab in sessionStorage with
 * the launch it was signed in with and its expiry. The server takes each launch data once
 * (docs/security.md "Operators"), and a reload brings back the same launch data: the kept token is what
 * keeps a reloaded console signed in. It is used only for that same launch and while unexpired; a new
 * launch from the bot (another operator, maybe) signs in with its own launch data. The console's session
 * entity decides when to obtain or drop it; every console call carries it.
 */
export const $operatorToken = createStore<string | null>(null);

export interface KeptOperatorToken {
  token: string;
  /** Unix seconds; null when the server named no end. */
  expiresAt: number | null;
  /** The launch data it was signed in with (launchKey). */
  launch: string;
}
export const operatorTokenReceived = createEvent<KeptOperatorToken>();
export const operatorTokenRemoved = createEvent();

const KEY = 'operator.session';

/** What tells one launch from another: the launch data's HMAC (`hash`), else the whole launch data. */
export function launchKey(initData: string): string {
  return new URLSearchParams(initData).get('hash') || initData;
}

const safeStorage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

const isKept = (value: unknown): value is KeptOperatorToken => {
  const kept = value as Partial<KeptOperatorToken> | null;
  return (
    typeof kept?.token === 'string' &&
    typeof kept.launch === 'string' &&
    (kept.expiresAt === null || typeof kept.expiresAt === 'number')
  );
};

/** The token kept for this launch, while unexpired; null otherwise (and anything else kept is dropped). */
export const readOperatorTokenFx = createEffect((launch: string): string | null => {
  const storage = safeStorage();
  let kept: unknown = null;
  try {
    kept = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    // Not ours to read: dropped below.
  }
  const nowSeconds = Date.now() / 1000;
  if (isKept(kept) && kept.launch === launch && (kept.expiresAt === null || kept.expiresAt > nowSeconds)) {
    return kept.token;
  }
  storage?.removeItem(KEY);
  return null;
});
const writeOperatorTokenFx = createEffect((kept: KeptOperatorToken | null) => {
  const storage = safeStorage();
  if (kept === null) storage?.removeItem(KEY);
  else storage?.setItem(KEY, JSON.stringify(kept));
});

$operatorToken
  .on(readOperatorTokenFx.doneData, (_, token) => token)
  .on(operatorTokenReceived, (_, kept) => kept.token)
  .reset(operatorTokenRemoved);

sample({ clock: operatorTokenReceived, target: writeOperatorTokenFx });
sample({ clock: operatorTokenRemoved, fn: () => null, target: writeOperatorTokenFx });
