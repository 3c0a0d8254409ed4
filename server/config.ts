/**
 * Server settings, read once from the environment and validated.
 *
 * Two modes (docs/operations.md "Mode"): `sandbox` runs the whole product offline with fixed, public test
 * secrets; `production` talks to Telegram and refuses to start until every required setting is given. The
 * mode is never guessed into sandbox on a real deployment: see `decideMode`; the production start
 * (`main.js --production`: npm run start:prod, the Docker image, the systemd unit) is production or a refusal.
 *
 * Every setting is checked before anything starts, and a refusal lists every problem at once, one line
 * each naming its setting (malformed, missing, weak, contradictory), never a value that may be a secret
 * (docs/security.md "Settings at start").
 */
import { createHmac } from 'node:crypto';
import { isIP, isIPv4 } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { Address } from '@ton/core';
import { z } from 'zod';
import { TASK_PHOTO_DEFAULT_MAX_BYTES, TON_NETWORKS, type TonNetwork } from '@contract';

export type Mode = 'sandbox' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Public on purpose: sandbox init data is signed with it, so anyone can sign in as a test user. */
export const SANDBOX_BOT_TOKEN = '1234567890:SANDBOX-sandbox-sandbox-sandbox-00';
/** Sandbox JWT key; sandbox tokens are worth nothing outside the sandbox. */
export const SANDBOX_JWT_SECRET = 'sandbox-jwt-secret-not-for-production-use';
export const SANDBOX_ADMIN_TOKEN = 'sandbox-admin';
export const SANDBOX_BOT_USERNAME = 'ton_token_sandbox_bot';
export const SANDBOX_COMMUNITY_URL = 'https://t.me/ton_token_sandbox_community';
/** Public on purpose: the sandbox's bot is the recorder (server/sandbox/bot-api.ts), no Telegram calls it. */
export const SANDBOX_BOT_WEBHOOK_SECRET = 'sandbox-webhook-secret';
/**
 * The sandbox treasury: the dev chain's wallet v4r2 of a public seed (server/sandbox/chain/treasury.ts
 * derives it; tests/server/chain-config.test.ts checks the two agree). A constant here, so the
 * production config never loads sandbox code.
 */
export const SANDBOX_TREASURY_ADDRESS = 'EQC5z_Y8Fc8hsNzaMi9PbBEE6pwvuCP6jm01k6omUwfSgtSX';
/** The sandbox's random walk ticks this often unless PRICE_TICK_MS says otherwise. */
export const SANDBOX_PRICE_TICK_MS = 5_000;
export const DEFAULT_BOT_API_URL = 'https://api.telegram.org';
/** toncenter's public endpoints, the production default of TON_NODE_URL for each network. */
export const TONCENTER_NODE_URLS = {
  mainnet: 'https://toncenter.com/api/v2/jsonRPC',
  testnet: 'https://testnet.toncenter.com/api/v2/jsonRPC',
} as const;

export interface Config {
  /**
   * MODE: sandbox|production. Unset: `production` as soon as any production setting (PRODUCTION_SIGNALS)
   * is present, else `sandbox` bound to a loopback HOST.
   */
  mode: Mode;
  /** PORT: HTTP port (default 8080; 0 picks a free one). */
  port: number;
  /** HOST: interface to listen on (default 127.0.0.1; 0.0.0.0 in a container). */
  host: string;
  /** PUBLIC_URL: the origin users open, no trailing slash (default http://127.0.0.1:PORT). Required in production. */
  publicUrl: string;
  /**
   * DATABASE_URL: a postgres:// URL (a password in it percent-encoded); unset = embedded PGlite in DATA_DIR.
   * Required in production. With DATABASE_PASSWORD, the URL with that password put in, percent-encoded.
   */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: connections the Postgres pool opens at most (default 10, at most 100). */
  databasePoolSize: number;
  /** DATA_DIR: PGlite data directory (default .data/pglite); `memory://` keeps the database in memory. */
  dataDir: string;
  /** BOT_TOKEN: the bot's token; verifies Telegram init data. Sandbox: the fixed public test token (no other is accepted). */
  botToken: string;
  /** BOT_USERNAME: the bot's @username without @, for t.me links (sandbox default ton_token_sandbox_bot). */
  botUsername: string;
  /** MINI_APP_NAME: the Mini App's short name in t.me/<bot>/<name> links (default `app`). */
  miniAppName: string;
  /**
   * BOT_API_URL: the Telegram Bot API's origin (default https://api.telegram.org); tests point it at a
   * local server answering as the Bot API does.
   */
  botApiUrl: string;
  /**
   * BOT_WEBHOOK_SECRET: the secret_token the bot's webhook is set with (`npm run operator -- bot setup`):
   * Telegram sends it as X-Telegram-Bot-Api-Secret-Token on every update, and POST /api/telegram/webhook
   * refuses any call without it. 1 to 256 characters of A-Z a-z 0-9 _ - (Telegram's rule) in either mode;
   * required in production, at least 32 characters there. Sandbox default `sandbox-webhook-secret`.
   */
  botWebhookSecret: string;
  /** COMMUNITY_CHAT_ID: chat id or @channel whose membership gates the app (Bot API getChatMember). Production. */
  communityChatId: string | undefined;
  /** COMMUNITY_URL: the link the join-community modal opens (sandbox default t.me/ton_token_sandbox_community). */
  communityUrl: string;
  /** JWT_SECRET: HS256 key for access tokens, at least 32 characters in production. */
  jwtSecret: string;
  /**
   * JWT_SECRET_PREVIOUS: the secret JWT_SECRET replaced, still accepted when verifying (never signing), so a
   * rotation signs no one out; remove it once the longest token it signed has expired. At least 32
   * characters in production, and not JWT_SECRET itself. docs/security.md "Rotating JWT_SECRET".
   */
  jwtSecretPrevious: string | undefined;
  /** ACCESS_TOKEN_TTL_SECONDS: lifetime of an access token (default 900). */
  accessTokenTtlSeconds: number;
  /** REFRESH_TOKEN_TTL_SECONDS: lifetime of a refresh token (default 30 days). */
  refreshTokenTtlSeconds: number;
  /** INIT_DATA_MAX_AGE_SECONDS: init data older than this is refused at sign-in (default 86400). */
  initDataMaxAgeSeconds: number;
  /**
   * OPERATOR_INIT_DATA_MAX_AGE_SECONDS: the console's sign-in takes launch data at most this old (default
   * 300), and each launch data once (docs/security.md "Operators").
   */
  operatorInitDataMaxAgeSeconds: number;
  /** ADMIN_TOKEN: bearer token of the operator API (/api/admin/*). Sandbox default `sandbox-admin`. */
  adminToken: string;
  /**
   * OPERATOR_TELEGRAM_IDS: the Telegram users who may sign in to the operator console (comma-separated ids).
   * Required in production, empty to turn the console off; the sandbox adds the launcher's operators.
   */
  operatorTelegramIds: readonly number[];
  /**
   * TON_NETWORK: mainnet|testnet, the chain this deployment pays, reads and proves wallets on (default
   * mainnet; production on testnet is a staging deployment). Addresses the server and client show, the
   * ton_proof network, TON Connect's requested network and the v5r1 hot wallet's id follow it. The
   * sandbox is always testnet (its dev chain and dev wallet): TON_NETWORK=mainnet there is refused.
   */
  tonNetwork: TonNetwork;
  /**
   * TON_NODE_URL: toncenter-v2 JSON-RPC endpoint (sandbox: the dev chain; production default toncenter's
   * for TON_NETWORK, TONCENTER_NODE_URLS).
   */
  tonNodeUrl: string;
  /**
   * TON_PUBLIC_NODE_URL: the node the page itself reads (the connected wallet's balance), published to every
   * browser in the runtime config. Never TON_NODE_URL, which may carry a provider's key in its path: a public
   * toncenter-v2 endpoint without a user, password or query. Default toncenter's public endpoint of
   * TON_NETWORK, keyless (the sandbox without TON_NODE_URL: its dev chain). docs/security.md "The node's key".
   */
  publicTonNodeUrl: string;
  /**
   * TON_API_KEY: the node's API key (toncenter's), sent as X-API-Key by every server-side node call
   * (server/lib/ton-node.ts). Server-only: never in the runtime config the client gets.
   */
  tonApiKey: string | undefined;
  /**
   * TON_API_RPS: node calls per second this process makes at most, all callers together (0 = no limit).
   * Default: no limit on the sandbox's own dev chain; else 10 with TON_API_KEY (toncenter's keyed rate),
   * 1 without (toncenter answers 429 beyond about one a second without a key).
   */
  tonApiRps: number;
  /**
   * TREASURY_ADDRESS: the TON wallet that receives mint payments, in any address form (normalised to the
   * bounceable url-safe form). Sandbox default: the dev chain's sandbox treasury (SANDBOX_TREASURY_ADDRESS).
   * Production: optional until the payments issue makes it required.
   */
  treasuryAddress: string | undefined;
  /**
   * TASK_PHOTO_MAX_BYTES: the largest photo proof a task takes, in bytes of the file (default 5 MB,
   * TASK_PHOTO_DEFAULT_MAX_BYTES); larger → 413. The upload route's body limit follows it.
   */
  taskPhotoMaxBytes: number;
  /** LOG_LEVEL: fatal|error|warn|info|debug|trace|silent (default info). */
  logLevel: LogLevel;
  /**
   * PAYOUTS_ENABLED: whether the payout worker sends queued withdrawals (default: on in the sandbox,
   * where the dev chain's treasury pays; off in production until HOT_WALLET_MNEMONIC is set and this is true).
   */
  payoutsEnabled: boolean;
  /**
   * CHECK_RESPONSES: whether every contract answer is checked against its response schema before it is
   * sent (default: on in the sandbox, where it catches a drift from the contract in every test; off in
   * production, where it would only cost time). bench:api turns it off to measure production's path.
   */
  checkResponses: boolean;
  /** HOT_WALLET_MNEMONIC: the 24 words of the wallet payouts leave from. Production, required when payouts are on. */
  hotWalletMnemonic: string[] | undefined;
  /** HOT_WALLET_VERSION: v5r1 (default; up to 255 payouts per transfer), highload-v3 (254 per transfer, for volume) or v4r2 (4). */
  hotWalletVersion: HotWalletVersion;
  /**
   * Whether HOT_WALLET_VERSION was set rather than defaulted: a deployment whose payouts left from another
   * kind's wallet is refused a silent switch by the default (server/withdraw/worker/kind-guard.ts).
   */
  hotWalletVersionSet: boolean;
  /**
   * PRICE_TICK_MS: the sandbox's random walk of the token price ticks this often (default 5000 in the
   * sandbox; 0 = off). Production has no walk (the operator or a feed sets the price): only 0 is accepted.
   */
  priceTickMs: number;
  /** STATS_CACHE_MS: how long a process reuses its last GET /stats/financial figures (default 5000; 0 = never). */
  statsCacheMs: number;
  /**
   * TON_PROOF_SECRET: HMAC key of the ton_proof payloads the server issues (at least 32 characters).
   * Default: derived from JWT_SECRET (HMAC-SHA256 with a fixed label), so no new secret is required.
   */
  tonProofSecret: string;
  /**
   * METRICS_TOKEN: bearer token of GET /metrics (at least 16 characters). Sandbox: /metrics is open without
   * one. Production: unset, /metrics answers 404 (off).
   */
  metricsToken: string | undefined;
  /** Faults and abuse: database timeouts, proxies, rate limits, load shedding, shutdown. */
  faults: FaultSettings;
}

/** docs/operations.md "Settings": each field names its variable. */
export interface FaultSettings {
  /**
   * DATABASE_START_TIMEOUT_SECONDS: at start, how long an unreachable Postgres is waited for (tried again with
   * backoff, /healthz up and /readyz 503 meanwhile) before the process gives up and exits 1 (default 120; 0 =
   * one try).
   */
  databaseStartTimeoutSeconds: number;
  /** DATABASE_CONNECT_TIMEOUT_MS: waiting for a Postgres connection (a new one, or a free one of the pool) (default 3000). */
  databaseConnectTimeoutMs: number;
  /**
   * DATABASE_STATEMENT_TIMEOUT_MS: Postgres cancels a statement running longer (statement_timeout); the
   * client gives up on an unanswered one 1 s later (a frozen server) (default 10000).
   */
  databaseStatementTimeoutMs: number;
  /** DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: Postgres ends a session idle inside a transaction this long (default 15000). */
  databaseIdleInTransactionTimeoutMs: number;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For names the client: comma-separated addresses or CIDRs
   * (or loopback, linklocal, uniquelocal); unset = none, the socket's peer is the client.
   */
  trustProxy: string[] | false;
  /** RATE_LIMIT_WINDOW_MS: the window the limits below count in (default 60000). */
  rateLimitWindowMs: number;
  /** RATE_LIMIT_SIGN_IN_PER_IP: sign-ins and refreshes one address may make per window (default 300). */
  rateLimitSignInPerIp: number;
  /** RATE_LIMIT_MONEY_PER_USER: money-moving calls one user may make per window (default 60). */
  rateLimitMoneyPerUser: number;
  /** RATE_LIMIT_MONEY_PER_IP: money-moving calls one address may make per window (default 600). */
  rateLimitMoneyPerIp: number;
  /** RATE_LIMIT_TON_PROOF_PER_USER: wallet proofs (POST /wallet/ton-proof) one user may send per window (default 10). */
  rateLimitTonProofPerUser: number;
  /** RATE_LIMIT_TON_PROOF_PER_IP: wallet proofs one address may send per window (default 300). */
  rateLimitTonProofPerIp: number;
  /** RATE_LIMIT_SHARE_MESSAGE_PER_USER: share messages (POST /user/share-message) one user may prepare per window (default 20). */
  rateLimitShareMessagePerUser: number;
  /** RATE_LIMIT_SHARE_MESSAGE_PER_IP: share messages one address may prepare per window (default 600). */
  rateLimitShareMessagePerIp: number;
  /** RATE_LIMIT_ADMIN_PER_IP: operator API calls (/api/admin/*, with or without the token) one address may make per window (default 60). */
  rateLimitAdminPerIp: number;
  /**
   * RATE_LIMIT_WEBHOOK_WRONG_SECRET_PER_IP: calls to the bot's webhook with a wrong or missing secret one
   * address may make per window (default 20); past it 429. Telegram's deliveries (the right secret) are
   * never counted.
   */
  rateLimitWebhookWrongSecretPerIp: number;
  /** LOAD_MAX_EVENT_LOOP_DELAY_MS: above this event loop delay requests get 503 (default 1000; 0 = off). */
  loadMaxEventLoopDelayMs: number;
  /** LOAD_MAX_HEAP_USED_BYTES: above this V8 heap use requests get 503 (default 0 = 90 % of V8's heap limit). */
  loadMaxHeapUsedBytes: number;
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM, how long in-flight work may take before the process exits anyway (default 10000). */
  shutdownTimeoutMs: number;
}

export const HOT_WALLET_VERSIONS = ['v5r1', 'highload-v3', 'v4r2'] as const;
export type HotWalletVersion = (typeof HOT_WALLET_VERSIONS)[number];
/** New deployments and the sandbox (docs/deploy.md, the hot wallet): up to 255 payouts per transfer. */
export const DEFAULT_HOT_WALLET_VERSION: HotWalletVersion = 'v5r1';

/** Settings production cannot guess (OPERATOR_TELEGRAM_IDS too, below). The refusal names each one missing. */
const PRODUCTION_REQUIRED = [
  'BOT_TOKEN',
  'BOT_USERNAME',
  'JWT_SECRET',
  'DATABASE_URL',
  'ADMIN_TOKEN',
  'COMMUNITY_CHAT_ID',
  'COMMUNITY_URL',
  'PUBLIC_URL',
  'TREASURY_ADDRESS',
  'BOT_WEBHOOK_SECRET',
] as const;

/**
 * Settings only a real deployment gives. When MODE is unset, any one of them present means production:
 * a deployment that forgets one setting (say BOT_TOKEN) must fail to start, never fall back to the
 * sandbox's public secrets on the production database.
 */
export const PRODUCTION_SIGNALS = [
  ...PRODUCTION_REQUIRED,
  'TON_NETWORK',
  'TON_NODE_URL',
  'TON_PUBLIC_NODE_URL',
  'MINI_APP_NAME',
] as const;

/** Every setting production refuses to start without (OPERATOR_TELEGRAM_IDS may be empty, but must be set). */
export const PRODUCTION_REQUIRED_SETTINGS: readonly string[] = [...PRODUCTION_REQUIRED, 'OPERATOR_TELEGRAM_IDS'];

/** Published sandbox values production refuses: anyone can sign, mint tokens or spend with them. */
const PUBLISHED_SANDBOX_SECRETS = {
  BOT_TOKEN: SANDBOX_BOT_TOKEN,
  JWT_SECRET: SANDBOX_JWT_SECRET,
  // Verifies tokens too: the sandbox's secret there would let anyone sign in as anyone.
  JWT_SECRET_PREVIOUS: SANDBOX_JWT_SECRET,
  ADMIN_TOKEN: SANDBOX_ADMIN_TOKEN,
  TREASURY_ADDRESS: SANDBOX_TREASURY_ADDRESS,
  BOT_WEBHOOK_SECRET: SANDBOX_BOT_WEBHOOK_SECRET,
} as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** How to make a BOT_WEBHOOK_SECRET Telegram takes: hex is within its characters, base64 is not (+ / =). */
const WEBHOOK_SECRET_HINT = 'generate one: openssl rand -hex 32';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const url = z.url({ protocol: /^https?$/ });
/** A URL every browser gets (the runtime config): nothing in it may be a credential. */
const publishedUrl = url.refine(
  (text) => {
    const parsed = new URL(text);
    return parsed.username === '' && parsed.password === '' && parsed.search === '' && parsed.hash === '';
  },
  { message: 'a public endpoint without a user, password or query: every page publishes it (no API key here)' },
);

/** What to do with a password a URL cannot carry as it is (the refusal never prints the URL: it has the password). */
const DATABASE_PASSWORD_HINT =
  'percent-encode the password (encodeURIComponent: / is %2F, + is %2B, # is %23), or give it in DATABASE_PASSWORD';

/**
 * DATABASE_URL as node-postgres and libpq read it: postgres:// or postgresql://, a host (or a `host=` socket
 * directory in the query). A password with `/`, `?`, `#` or a stray `%` (base64 has the first) breaks the URL:
 * the parse fails, or succeeds with the rest of the password as a port and a path (an `@` after the host).
 */
const postgresUrl = z.string().superRefine((text, ctx) => {
  const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (!/^postgres(ql)?:\/\//i.test(text)) {
    return fail('must be a postgres:// URL (postgres://<user>:<password>@<host>:5432/<database>)');
  }
  let parsed: URL;
  try {
    parsed = new URL(text);
    decodeURIComponent(parsed.username);
    decodeURIComponent(parsed.password);
  } catch {
    return fail(`is not a valid URL: ${DATABASE_PASSWORD_HINT}`);
  }
  // `postgres://app:1234/ab@db/app` parses: host `app`, port 1234, the rest of the password in the path.
  if (`${parsed.pathname}${parsed.search}${parsed.hash}`.includes('@') || parsed.hash !== '') {
    return fail(`is not a valid URL: ${DATABASE_PASSWORD_HINT}`);
  }
  if (parsed.hostname === '' && !parsed.searchParams.has('host')) fail('names no host (postgres://<user>@<host>/…)');
});
const tonAddress = z.string().transform((text, ctx) => {
  try {
    return Address.parse(text).toString({ urlSafe: true, bounceable: true });
  } catch {
    ctx.addIssue({ code: 'custom', message: 'a TON address (raw 0:<hex> or user-friendly)' });
    return z.NEVER;
  }
});

const envSchema = z.object({
  MODE: optionalText.pipe(z.enum(['sandbox', 'production']).optional()),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: optionalText,
  PUBLIC_URL: optionalText.pipe(url.optional()),
  DATABASE_URL: optionalText.pipe(postgresUrl.optional()),
  // Not optionalText: a password is taken as given, spaces and all.
  DATABASE_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  DATABASE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(120),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: optionalText,
  BOT_TOKEN: optionalText,
  BOT_USERNAME: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_]{3,64}$/, 'a bot username without @')
      .optional(),
  ),
  MINI_APP_NAME: optionalText,
  BOT_API_URL: optionalText.pipe(url.optional()),
  BOT_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{1,256}$/,
        `1 to 256 characters of A-Z, a-z, 0-9, _ and - (Telegram's secret_token; ${WEBHOOK_SECRET_HINT})`,
      )
      .optional(),
  ),
  COMMUNITY_CHAT_ID: optionalText,
  COMMUNITY_URL: optionalText.pipe(url.optional()),
  JWT_SECRET: optionalText,
  JWT_SECRET_PREVIOUS: optionalText,
  ACCESS_TOKEN_TTL_SECONDS: seconds(900),
  REFRESH_TOKEN_TTL_SECONDS: seconds(30 * 24 * 3600),
  INIT_DATA_MAX_AGE_SECONDS: seconds(86_400),
  OPERATOR_INIT_DATA_MAX_AGE_SECONDS: seconds(300),
  ADMIN_TOKEN: optionalText,
  // Not optionalText: empty is a value here (no operators: the console is off), unset is a missing setting.
  OPERATOR_TELEGRAM_IDS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const items = text.split(',').map((item) => item.trim());
      if (items.length === 1 && items[0] === '') return [];
      if (!items.every((item) => /^[1-9][0-9]{0,14}$/.test(item))) {
        ctx.addIssue({ code: 'custom', message: 'Telegram user ids (digits), separated by commas; empty for none' });
        return z.NEVER;
      }
      return [...new Set(items.map(Number))];
    }),
  TON_NETWORK: optionalText.pipe(z.enum(TON_NETWORKS).optional()),
  TON_NODE_URL: optionalText.pipe(url.optional()),
  TON_PUBLIC_NODE_URL: optionalText.pipe(publishedUrl.optional()),
  TON_API_KEY: optionalText,
  TON_API_RPS: optionalText.pipe(z.string().transform(Number).pipe(z.number().min(0).max(1_000)).optional()),
  TASK_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(64 * 1024 * 1024)
    .default(TASK_PHOTO_DEFAULT_MAX_BYTES),
  TREASURY_ADDRESS: optionalText.pipe(tonAddress.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYOUTS_ENABLED: optionalText.pipe(z.enum(['true', 'false', '1', '0']).optional()),
  CHECK_RESPONSES: optionalText.pipe(z.enum(['true', 'false', '1', '0']).optional()),
  HOT_WALLET_MNEMONIC: optionalText.pipe(
    z
      .string()
      .transform((text) => text.split(/\s+/))
      .refine((words) => words.length === 24 && words.every((word) => /^[a-z]+$/.test(word)), {
        message: '24 lowercase words separated by spaces',
      })
      .optional(),
  ),
  HOT_WALLET_VERSION: optionalText.pipe(z.enum(HOT_WALLET_VERSIONS).optional()),
  PRICE_TICK_MS: optionalText.pipe(
    z
      .string()
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(0)
          .max(3_600_000)
          .refine((ms) => ms === 0 || ms >= 100, { message: '0 (off) or at least 100 ms' }),
      )
      .optional(),
  ),
  STATS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  TON_PROOF_SECRET: optionalText.pipe(z.string().min(32, 'at least 32 characters').optional()),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'at least 16 characters').optional()),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isProxyEntry), {
        message: 'comma-separated proxy addresses or CIDRs (or loopback, linklocal, uniquelocal)',
      })
      .optional(),
  ),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  RATE_LIMIT_SIGN_IN_PER_IP: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_MONEY_PER_USER: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_MONEY_PER_IP: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_TON_PROOF_PER_USER: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_TON_PROOF_PER_IP: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_SHARE_MESSAGE_PER_USER: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_SHARE_MESSAGE_PER_IP: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_ADMIN_PER_IP: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_WEBHOOK_WRONG_SECRET_PER_IP: z.coerce.number().int().positive().default(20),
  LOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  LOAD_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

/** A TRUST_PROXY entry: an IP address, a CIDR, or one of proxy-addr's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

type Env = Record<string, string | undefined>;
type ParsedEnv = z.output<typeof envSchema>;

/** Every setting's variable, as the server reads it (tests/server/deploy-docs.test.ts holds the docs to it). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** 127.0.0.0/8, ::1 (also bracketed or IPv4-mapped) and localhost: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  return isIPv4(v4) && v4.startsWith('127.');
}

/**
 * The environment read setting by setting: the values that parse, and one line per problem of the others
 * (`NAME: why`), so a refusal lists every malformed setting at once, beside the missing ones.
 */
interface ReadEnv {
  /** The values that parsed; a malformed setting is absent here and named in `malformed`. */
  e: ParsedEnv;
  malformed: ReadonlySet<string>;
  problems: string[];
}

function readEnv(env: Env): ReadEnv {
  const values: Record<string, unknown> = {};
  const malformed = new Set<string>();
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(envSchema.shape)) {
    const result = (schema as z.ZodType).safeParse(env[name]);
    if (result.success) {
      values[name] = result.data;
    } else {
      malformed.add(name);
      problems.push(...result.error.issues.map((issue) => `${name}: ${issue.message}`));
    }
  }
  return { e: values as ParsedEnv, malformed, problems };
}

/** Whether a setting is given: a value that parsed, or a malformed one (given, but wrong: not missing). */
const givenIn =
  ({ e, malformed }: ReadEnv) =>
  (name: string): boolean =>
    (e as Record<string, unknown>)[name] !== undefined || malformed.has(name);

/**
 * The production start (`main.js --production`) is production whatever else is set. Otherwise sandbox only
 * when asked for (MODE=sandbox), or when no production setting is present at all, and then only on a
 * loopback HOST; any production setting present without MODE (a malformed one too) means production.
 */
function decideMode(read: ReadEnv, productionStart: boolean): Mode {
  const { e } = read;
  if (productionStart) return 'production';
  if (e.MODE) return e.MODE;
  if (PRODUCTION_SIGNALS.some(givenIn(read))) return 'production';
  const host = e.HOST ?? '127.0.0.1';
  if (!isLoopbackHost(host)) {
    throw new ConfigError(
      `Refusing to start: no MODE and no production setting is given, so this would be the sandbox (public test ` +
        `secrets), and HOST=${host} is not a loopback address.\n  Set MODE=sandbox to run the sandbox on ${host} on ` +
        `purpose, or give the production settings (${PRODUCTION_REQUIRED.join(', ')}).`,
    );
  }
  return 'sandbox';
}

/** A true/false switch of the environment, or its default: on in the sandbox, off in production. */
const switchOn = (value: 'true' | 'false' | '1' | '0' | undefined, mode: Mode): boolean =>
  value === undefined ? mode === 'sandbox' : value === 'true' || value === '1';

/**
 * TON_API_RPS unset: the sandbox's dev chain (this very server) is not limited; toncenter allows about one
 * call a second without a key and 10 with a basic one.
 */
function defaultTonApiRps(e: ParsedEnv, sandbox: boolean): number {
  if (sandbox && e.TON_NODE_URL === undefined) return 0;
  return e.TON_API_KEY === undefined ? 1 : 10;
}

/** A user-friendly address whose test-only flag is set (0Q…/kQ…); raw addresses carry no network. */
function isTestOnlyFriendly(text: string | undefined): boolean {
  if (text === undefined || !Address.isFriendly(text.trim())) return false;
  return Address.parseFriendly(text.trim()).isTestOnly;
}

/**
 * Settings that name the other network than TON_NETWORK: a test-only treasury on mainnet (payments to an
 * address meant for testnet, from a staging deployment's settings), or toncenter's endpoint of the other
 * network (a proof, a payment or a payout read on the wrong chain). A mainnet-form treasury on testnet is
 * taken: the same key holds the same wallet on both chains, and many tools print testnet addresses so.
 */
function networkProblems(e: ParsedEnv, network: TonNetwork, treasuryText: string | undefined): string[] {
  const problems: string[] = [];
  if (network === 'mainnet' && isTestOnlyFriendly(treasuryText)) {
    problems.push(
      'TREASURY_ADDRESS is a testnet (test-only) address but TON_NETWORK is mainnet: give the mainnet treasury, ' +
        'or set TON_NETWORK=testnet for a staging deployment',
    );
  }
  const other = network === 'mainnet' ? 'testnet' : 'mainnet';
  for (const name of ['TON_NODE_URL', 'TON_PUBLIC_NODE_URL'] as const) {
    const value = e[name];
    if (value !== undefined && new URL(value).host === new URL(TONCENTER_NODE_URLS[other]).host) {
      problems.push(`${name} is toncenter's ${other} endpoint but TON_NETWORK is ${network}`);
    }
  }
  return problems;
}

/** MODE=sandbox asked of the production start: refused, never obeyed. */
const productionStartProblems = (e: ParsedEnv, productionStart: boolean): string[] =>
  productionStart && e.MODE === 'sandbox'
    ? [
        'MODE is sandbox, but this is the production start (main.js --production: npm run start:prod, the Docker ' +
          'image, the systemd unit): remove MODE or set it to production; the sandbox is npm start',
      ]
    : [];

/**
 * Every reason production cannot start: missing settings (each named; a malformed one is not missing, its
 * format line says what is wrong), an http PUBLIC_URL, weak or published secrets.
 */
function productionProblems(read: ReadEnv): string[] {
  const { e } = read;
  const given = givenIn(read);
  const problems = PRODUCTION_REQUIRED.filter((name) => !given(name)).map(
    (name) => `${name} is required in production`,
  );
  // Telegram opens a Mini App (the menu button, web_app buttons, BotFather's URL) over https only.
  if (e.PUBLIC_URL !== undefined && new URL(e.PUBLIC_URL).protocol !== 'https:') {
    problems.push('PUBLIC_URL must be an https:// origin in production: Telegram opens Mini Apps over https only');
  }
  if (e.JWT_SECRET !== undefined && e.JWT_SECRET.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters');
  }
  if (e.JWT_SECRET_PREVIOUS !== undefined && e.JWT_SECRET_PREVIOUS.length < 32) {
    problems.push('JWT_SECRET_PREVIOUS must be at least 32 characters');
  }
  // Anyone who knows it can post updates as Telegram (a forged `/start <code>` picks a newcomer's referrer).
  if (e.BOT_WEBHOOK_SECRET !== undefined && e.BOT_WEBHOOK_SECRET.length < 32) {
    problems.push(`BOT_WEBHOOK_SECRET must be at least 32 characters (${WEBHOOK_SECRET_HINT})`);
  }
  if (!given('OPERATOR_TELEGRAM_IDS')) {
    problems.push(
      "OPERATOR_TELEGRAM_IDS is required in production: the Telegram ids of the operator console's users, " +
        'comma-separated (set it empty to turn the console off)',
    );
  }
  if (e.ADMIN_TOKEN !== undefined && e.ADMIN_TOKEN.length < 16) {
    problems.push('ADMIN_TOKEN must be at least 16 characters');
  }
  if (switchOn(e.PAYOUTS_ENABLED, 'production') && e.HOT_WALLET_MNEMONIC === undefined) {
    problems.push('HOT_WALLET_MNEMONIC is required in production when PAYOUTS_ENABLED is true');
  }
  if (e.PRICE_TICK_MS !== undefined && e.PRICE_TICK_MS > 0) {
    problems.push(
      'PRICE_TICK_MS is the sandbox random walk: production prices are set by the operator (leave it unset or 0)',
    );
  }
  for (const [name, published] of Object.entries(PUBLISHED_SANDBOX_SECRETS)) {
    if (e[name as keyof typeof PUBLISHED_SANDBOX_SECRETS] === published) {
      problems.push(`${name} is the sandbox's published value: anyone could use it; set your own`);
    }
  }
  return problems;
}

/**
 * DATABASE_PASSWORD beside DATABASE_URL: either place holds the password, not both; alone it has no URL to
 * go into.
 */
function databaseProblems(read: ReadEnv): string[] {
  const { e } = read;
  if (e.DATABASE_PASSWORD === undefined) return [];
  if (!givenIn(read)('DATABASE_URL')) {
    return ["DATABASE_PASSWORD is set without DATABASE_URL: it is the password of DATABASE_URL's user"];
  }
  if (e.DATABASE_URL !== undefined && passwordOf(e.DATABASE_URL) !== '') {
    return ['DATABASE_PASSWORD is set and DATABASE_URL has a password too: give it in one of them'];
  }
  return [];
}

/** A postgres:// URL's password as it is written (a socket URL carries it as a `password` parameter). */
const passwordOf = (url: string): string => {
  const parsed = new URL(url);
  return parsed.password || (parsed.searchParams.get('password') ?? '');
};

/**
 * DATABASE_URL with DATABASE_PASSWORD put in, percent-encoded (node-postgres and libpq decode it), so the
 * password needs no encoding by hand, whatever its characters (compose.yaml passes POSTGRES_PASSWORD so).
 */
function withPassword(databaseUrl: string | undefined, password: string | undefined): string | undefined {
  if (databaseUrl === undefined || password === undefined) return databaseUrl;
  const url = new URL(databaseUrl);
  // A URL without a host (a socket directory in `host=`) cannot carry a user's password: a parameter can.
  if (url.hostname === '') url.searchParams.set('password', password);
  else url.password = encodeURIComponent(password);
  return url.toString();
}

/** The production start's flag: `node dist-server/main.js --production` (and cluster.js), docs/deploy.md step 4. */
export const PRODUCTION_FLAG = '--production';

/**
 * An entry script's arguments: the production flag, and the positional ones (start:cluster's count). Any
 * other flag is refused: a mistyped `--prodution` must not start whatever the environment makes of it.
 */
export function readStartArgs(args: readonly string[]): { production: boolean; positional: string[] } {
  const unknown = args.filter((arg) => arg.startsWith('-') && arg !== PRODUCTION_FLAG);
  if (unknown.length > 0) {
    throw new ConfigError(
      `Refusing to start: unknown argument ${unknown.join(' ')} (the one flag is ${PRODUCTION_FLAG}: the production start)`,
    );
  }
  return { production: args.includes(PRODUCTION_FLAG), positional: args.filter((arg) => !arg.startsWith('-')) };
}

export interface LoadConfigOptions {
  /**
   * The production start (`main.js --production`: npm run start:prod, the Docker image's CMD, the systemd
   * unit): production, or a refusal; never the sandbox, whatever the environment says.
   */
  production?: boolean;
}

export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): Config {
  const productionStart = options.production === true;
  const read = readEnv(env);
  const mode = decideMode(read, productionStart);
  const { e } = read;
  // Only MODE=sandbox gets here with a BOT_TOKEN (it is a production signal otherwise).
  if (mode === 'sandbox' && e.BOT_TOKEN !== undefined && e.BOT_TOKEN !== SANDBOX_BOT_TOKEN) {
    throw new ConfigError(
      `Refusing to start: MODE=sandbox with a BOT_TOKEN that is not the sandbox's published test token. The sandbox's ` +
        `launcher signs launch data with BOT_TOKEN for whoever asks (with a real bot's token: launch data the real app ` +
        `accepts, as any user) and its grants credit this database's ledger.\n  Unset BOT_TOKEN to run the sandbox, or ` +
        `set MODE=production.`,
    );
  }

  if (mode === 'sandbox' && e.TON_NETWORK === 'mainnet') {
    throw new ConfigError(
      `Refusing to start: MODE=sandbox with TON_NETWORK=mainnet. The sandbox is testnet (its dev chain and dev ` +
        `wallet) and never touches mainnet.\n  Unset TON_NETWORK to run the sandbox, or run a staging deployment ` +
        `with MODE=production and TON_NETWORK=testnet.`,
    );
  }
  const tonNetwork: TonNetwork = e.TON_NETWORK ?? (mode === 'sandbox' ? 'testnet' : 'mainnet');

  // Every problem at once: the malformed settings, then what the mode needs of the well-formed ones.
  const problems = [...read.problems, ...databaseProblems(read)];
  if (e.JWT_SECRET_PREVIOUS !== undefined && e.JWT_SECRET_PREVIOUS === e.JWT_SECRET) {
    problems.push('JWT_SECRET_PREVIOUS is JWT_SECRET itself: it is the secret JWT_SECRET replaced (or unset it)');
  }
  if (mode === 'production') {
    problems.push(...productionStartProblems(e, productionStart));
    // Nothing given at all is one problem, not one per setting: the settings were not read (no .env).
    if (!PRODUCTION_REQUIRED_SETTINGS.some(givenIn(read))) {
      const nothing =
        `Cannot start in production mode: no production setting is given (${PRODUCTION_REQUIRED_SETTINGS.join(', ')} ` +
        'are required): write them in .env, see docs/deploy.md step 2';
      throw new ConfigError([nothing, ...problems].join('\n  '));
    }
    // The treasury as written (its form says its network), once it parsed: a malformed one has its own line.
    const treasuryText = e.TREASURY_ADDRESS === undefined ? undefined : env.TREASURY_ADDRESS;
    problems.push(...productionProblems(read), ...networkProblems(e, tonNetwork, treasuryText));
  }
  if (problems.length > 0) {
    const heading = mode === 'production' ? 'Cannot start in production mode:' : 'Invalid settings:';
    throw new ConfigError(`${heading}\n  ${problems.join('\n  ')}`);
  }

  const sandbox = mode === 'sandbox';
  const publicUrl = (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, '');
  // The sandbox dev chain is served by this server (server/sandbox/chain).
  const devChainUrl = `${publicUrl}/sandbox/chain/jsonRPC`;
  return {
    mode,
    port: e.PORT,
    host: e.HOST ?? '127.0.0.1',
    publicUrl,
    databaseUrl: withPassword(e.DATABASE_URL, e.DATABASE_PASSWORD),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR ?? '.data/pglite',
    botToken: e.BOT_TOKEN ?? SANDBOX_BOT_TOKEN,
    botUsername: e.BOT_USERNAME ?? SANDBOX_BOT_USERNAME,
    miniAppName: e.MINI_APP_NAME ?? 'app',
    botApiUrl: (e.BOT_API_URL ?? DEFAULT_BOT_API_URL).replace(/\/+$/, ''),
    botWebhookSecret: e.BOT_WEBHOOK_SECRET ?? SANDBOX_BOT_WEBHOOK_SECRET,
    communityChatId: e.COMMUNITY_CHAT_ID,
    communityUrl: e.COMMUNITY_URL ?? SANDBOX_COMMUNITY_URL,
    jwtSecret: e.JWT_SECRET ?? SANDBOX_JWT_SECRET,
    jwtSecretPrevious: e.JWT_SECRET_PREVIOUS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    initDataMaxAgeSeconds: e.INIT_DATA_MAX_AGE_SECONDS,
    operatorInitDataMaxAgeSeconds: e.OPERATOR_INIT_DATA_MAX_AGE_SECONDS,
    adminToken: e.ADMIN_TOKEN ?? SANDBOX_ADMIN_TOKEN,
    operatorTelegramIds: e.OPERATOR_TELEGRAM_IDS ?? [],
    tonNetwork,
    tonNodeUrl: e.TON_NODE_URL ?? (sandbox ? devChainUrl : TONCENTER_NODE_URLS[tonNetwork]),
    // Its own setting, never derived from TON_NODE_URL (a provider's key may be in its path).
    publicTonNodeUrl:
      e.TON_PUBLIC_NODE_URL ??
      (sandbox && e.TON_NODE_URL === undefined ? devChainUrl : TONCENTER_NODE_URLS[tonNetwork]),
    tonApiKey: e.TON_API_KEY,
    tonApiRps: e.TON_API_RPS ?? defaultTonApiRps(e, sandbox),
    treasuryAddress: e.TREASURY_ADDRESS ?? (sandbox ? SANDBOX_TREASURY_ADDRESS : undefined),
    taskPhotoMaxBytes: e.TASK_PHOTO_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
    payoutsEnabled: switchOn(e.PAYOUTS_ENABLED, mode),
    checkResponses: switchOn(e.CHECK_RESPONSES, mode),
    hotWalletMnemonic: e.HOT_WALLET_MNEMONIC,
    hotWalletVersion: e.HOT_WALLET_VERSION ?? DEFAULT_HOT_WALLET_VERSION,
    hotWalletVersionSet: e.HOT_WALLET_VERSION !== undefined,
    priceTickMs: e.PRICE_TICK_MS ?? (sandbox ? SANDBOX_PRICE_TICK_MS : 0),
    statsCacheMs: e.STATS_CACHE_MS,
    tonProofSecret:
      e.TON_PROOF_SECRET ??
      createHmac('sha256', e.JWT_SECRET ?? SANDBOX_JWT_SECRET)
        .update('ton-proof-payload')
        .digest('hex'),
    metricsToken: e.METRICS_TOKEN,
    faults: {
      databaseStartTimeoutSeconds: e.DATABASE_START_TIMEOUT_SECONDS,
      databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      databaseIdleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      trustProxy: e.TRUST_PROXY && e.TRUST_PROXY.length > 0 ? e.TRUST_PROXY : false,
      rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS,
      rateLimitSignInPerIp: e.RATE_LIMIT_SIGN_IN_PER_IP,
      rateLimitMoneyPerUser: e.RATE_LIMIT_MONEY_PER_USER,
      rateLimitMoneyPerIp: e.RATE_LIMIT_MONEY_PER_IP,
      rateLimitTonProofPerUser: e.RATE_LIMIT_TON_PROOF_PER_USER,
      rateLimitTonProofPerIp: e.RATE_LIMIT_TON_PROOF_PER_IP,
      rateLimitShareMessagePerUser: e.RATE_LIMIT_SHARE_MESSAGE_PER_USER,
      rateLimitShareMessagePerIp: e.RATE_LIMIT_SHARE_MESSAGE_PER_IP,
      rateLimitAdminPerIp: e.RATE_LIMIT_ADMIN_PER_IP,
      rateLimitWebhookWrongSecretPerIp: e.RATE_LIMIT_WEBHOOK_WRONG_SECRET_PER_IP,
      loadMaxEventLoopDelayMs: e.LOAD_MAX_EVENT_LOOP_DELAY_MS,
      loadMaxHeapUsedBytes: e.LOAD_MAX_HEAP_USED_BYTES || Math.floor(getHeapStatistics().heap_size_limit * 0.9),
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
  };
}
