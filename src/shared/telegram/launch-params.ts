/**
 * The launch parameters Telegram passes in the URL hash (`tgWebAppData`, `tgWebAppPlatform`,
 * `tgWebAppVersion`, `tgWebAppThemeParams`), read without @twa-dev/sdk so the launch needs none of
 * its 13 kB (docs/performance.md "Bundle"): the SDK is a chunk of its own, loaded for the first host call
 * (./web-app.ts). Read exactly as the SDK reads them (docs/foundations.md §6), which
 * tests/unit/launch-params.test.ts checks against the SDK itself on the same hashes:
 *
 * - the hash's parameters, and those of an earlier load of this tab kept in sessionStorage
 *   (`__telegram__initParams`) for any the hash no longer has (a reload after the router changed
 *   the URL); written back, so the SDK, loaded later, finds them even when the hash is gone;
 * - `start_param` only from inside `tgWebAppData` (the SDK ignores `tgWebAppStartParam`);
 * - the theme from `tgWebAppThemeParams`, then the one this tab last had (`__telegram__themeParams`,
 *   kept by the SDK on a theme change) over it; the colour scheme follows `bg_color`.
 */

export interface LaunchParams {
  /** Signed launch data, sent as-is to /auth/register; '' outside Telegram. */
  initData: string;
  telegramUserId: number | null;
  /** Read from inside tgWebAppData: the SDK ignores tgWebAppStartParam (docs/foundations.md §6). */
  startParam: string | null;
  /** 'unknown' outside Telegram (the app then redirects to the bot, docs/product.md §2). */
  platform: string;
  version: string;
  colorScheme: 'light' | 'dark';
  languageCode: string | null;
}

export type HashParams = Record<string, string | null>;

/** The host's theme: colours by Telegram's names (`bg_color`…) as `#rrggbb`, and the scheme they make. */
export interface HostTheme {
  params: Record<string, string>;
  colorScheme: 'light' | 'dark';
}

const STORAGE_PREFIX = '__telegram__';

function storageGet(key: string): unknown {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_PREFIX + key) as string) as unknown;
  } catch {
    return null;
  }
}

function storageSet(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage off (private mode): the hash alone serves this load.
  }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, '%20'));
  } catch {
    return text;
  }
}

/** `a=1&b=2` → { a: '1', b: '2' }; a name without `=` has the value null (as the SDK has it). */
export function parseQuery(query: string): HashParams {
  const params: HashParams = {};
  if (!query.length) return params;
  for (const pair of query.split('&')) {
    // The SDK splits on every '=' and keeps the second part: an encoded value has no raw '='.
    const [name = '', value] = pair.split('=');
    params[decode(name)] = value === undefined ? null : decode(value);
  }
  return params;
}

/** The URL hash's parameters: `#a=1&b=2`, or `#path?a=1` (then `_path` is the part before `?`). */
export function parseHash(hash: string): HashParams {
  let rest = hash.replace(/^#/, '');
  const params: HashParams = {};
  if (!rest.length) return params;
  if (!rest.includes('=') && !rest.includes('?')) {
    params._path = decode(rest);
    return params;
  }
  const question = rest.indexOf('?');
  if (question >= 0) {
    params._path = decode(rest.slice(0, question));
    rest = rest.slice(question + 1);
  }
  return Object.assign(params, parseQuery(rest));
}

/** This load's launch parameters: the hash's, completed from this tab's earlier loads (and kept for the next). */
export function readHashParams(): HashParams {
  let hash: string;
  try {
    hash = window.location.hash.toString();
  } catch {
    hash = '';
  }
  const params = parseHash(hash);
  const stored = storageGet('initParams');
  if (stored && typeof stored === 'object') {
    for (const [key, value] of Object.entries(stored as HashParams)) {
      if (params[key] === undefined) params[key] = value;
    }
  }
  storageSet('initParams', params);
  return params;
}

/** `tgWebAppData` as fields, JSON values (user, chat, receiver) parsed. */
function initDataFields(initData: string): Record<string, unknown> {
  const fields: Record<string, unknown> = parseQuery(initData);
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    if ((value.startsWith('{') && value.endsWith('}')) || (value.startsWith('[') && value.endsWith(']'))) {
      try {
        fields[key] = JSON.parse(value) as unknown;
      } catch {
        // Kept as text, as the SDK keeps it.
      }
    }
  }
  return fields;
}

function toHexColor(color: unknown): string | null {
  const text = String(color);
  let match = /^\s*#([0-9a-f]{6})\s*$/i.exec(text);
  if (match) return `#${match[1]!.toLowerCase()}`;
  match = /^\s*#([0-9a-f])([0-9a-f])([0-9a-f])\s*$/i.exec(text);
  if (match) return `#${match[1]}${match[1]}${match[2]}${match[2]}${match[3]}${match[3]}`.toLowerCase();
  match = /^\s*rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*(\d+\.{0,1}\d*))?\)\s*$/.exec(text);
  if (match) {
    const hex = (part: string) => {
      const value = parseInt(part, 10);
      return (value < 16 ? '0' : '') + value.toString(16);
    };
    return `#${hex(match[1]!)}${hex(match[2]!)}${hex(match[3]!)}`;
  }
  return null;
}

/** Telegram's rule: perceived brightness (HSP) under 120 is a dark colour. */
function isColorDark(hex: string): boolean {
  let rgb = hex.replace(/[\s#]/g, '');
  if (rgb.length === 3) rgb = rgb.replace(/./g, '$&$&');
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(rgb.substring(at, at + 2), 16)) as [number, number, number];
  return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
}

/** The theme this load starts with (what the SDK's `themeParams` and `colorScheme` hold once it loads). */
export function readHostTheme(params: HashParams = readHashParams()): HostTheme {
  const theme: HostTheme = { params: {}, colorScheme: 'light' };
  const apply = (raw: Record<string, unknown>) => {
    // Telegram's iOS fix: a secondary background equal to a #1c1c1d background is lifted.
    if (raw.bg_color === '#1c1c1d' && raw.bg_color === raw.secondary_bg_color) raw.secondary_bg_color = '#2c2c2e';
    for (const [key, value] of Object.entries(raw)) {
      const color = toHexColor(value);
      if (!color) continue;
      theme.params[key] = color;
      if (key === 'bg_color') theme.colorScheme = isColorDark(color) ? 'dark' : 'light';
    }
  };
  const stored = storageGet('themeParams');
  if (params.tgWebAppThemeParams) {
    try {
      const fromHash = JSON.parse(params.tgWebAppThemeParams) as unknown;
      if (fromHash && typeof fromHash === 'object') apply(fromHash as Record<string, unknown>);
    } catch {
      // Not JSON: no theme from the hash.
    }
  }
  if (stored && typeof stored === 'object') apply(stored as Record<string, unknown>);
  return theme;
}

/** What the signed launch data and the platform say (no theme, no storage). */
type SignedLaunch = Pick<LaunchParams, 'initData' | 'telegramUserId' | 'startParam' | 'platform' | 'languageCode'>;

function signedLaunchOf(params: HashParams): SignedLaunch {
  const initData = params.tgWebAppData || '';
  const fields = initData ? initDataFields(initData) : {};
  const user = (fields.user ?? null) as { id?: number; language_code?: string } | null;
  return {
    initData,
    telegramUserId: user?.id ?? null,
    startParam: (fields.start_param as string | undefined) || null,
    platform: params.tgWebAppPlatform || 'unknown',
    languageCode: user?.language_code ?? null,
  };
}

export function getLaunchParams(): LaunchParams {
  const params = readHashParams();
  return {
    ...signedLaunchOf(params),
    version: params.tgWebAppVersion || '6.0',
    colorScheme: readHostTheme(params).colorScheme,
  };
}

/**
 * The signed launch data and platform from the URL hash alone, when it has both: this tab's stored
 * parameters only fill what the hash lacks, so these are then exactly getLaunchParams()'s. The launch
 * script sends its calls on them before anything touches sessionStorage, whose first use in a tab costs
 * ~30 ms of main thread on a throttled phone. Null when the hash lacks either (a reload after the router
 * changed the URL): then only getLaunchParams() knows.
 */
export function signedLaunchInHash(): SignedLaunch | null {
  let hash: string;
  try {
    hash = window.location.hash.toString();
  } catch {
    return null;
  }
  const params = parseHash(hash);
  return params.tgWebAppData && params.tgWebAppPlatform ? signedLaunchOf(params) : null;
}

/** Telegram's version comparison ('6.10' > '6.9'; missing parts are 0). */
export function compareVersions(a: string, b: string): number {
  const left = a.trim().split('.');
  const right = b.trim().split('.');
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const x = parseInt(left[index] ?? '', 10) || 0;
    const y = parseInt(right[index] ?? '', 10) || 0;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

/** Whether the host's Mini App API is at least `version` (outside Telegram it is 6.0, as the SDK says). */
export function isVersionAtLeast(version: string): boolean {
  return compareVersions(readHashParams().tgWebAppVersion || '6.0', version) >= 0;
}

/**
 * Telegram's class of the device, which its Android client puts at the end of the user agent:
 * `Telegram-Android/<version> (<device>; Android <v>; SDK <n>; LOW|AVERAGE|HIGH)`. Null elsewhere (other
 * platforms say nothing of it). docs/decisions.md "Telegram's platform".
 */
export function performanceClass(userAgent: string): 'LOW' | 'AVERAGE' | 'HIGH' | null {
  const match = /Telegram-Android\/\S+ \([^)]*;\s*(LOW|AVERAGE|HIGH)\s*\)/.exec(userAgent);
  return (match?.[1] as 'LOW' | 'AVERAGE' | 'HIGH' | undefined) ?? null;
}

/** A phone Telegram rates LOW: the app leaves out non-essential animation and re-renders less often. */
export function isLowEndDevice(): boolean {
  try {
    return performanceClass(navigator.userAgent) === 'LOW';
  } catch {
    return false;
  }
}
