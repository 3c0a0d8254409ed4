/**
 * Builds the Fastify app (no listen), so tests drive it with `app.inject` or a port-0 listen.
 */
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyWebsocket from '@fastify/websocket';
import type { TonClient } from '@ton/ton';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { type ErrorBody, OTHER_ERROR_MESSAGES, SERVER_MESSAGES } from '@contract';
import { operatorAudit } from './audit/hooks';
import { auditRoutes } from './audit/routes';
import { operatorRoutes } from './operators/routes';
import { authenticateOperator, endFormerOperatorSessions, isOperator } from './operators/service';
import { authRoutes } from './auth/routes';
import { authenticateRequest, watchRevokedSessions } from './auth/service';
import { telegramCommunityChecker } from './community/checker';
import type { Config } from './config';
import {
  BODY_LIMIT_BYTES,
  COMPRESS_THRESHOLD_BYTES,
  OVERVIEW_NODE_TIMEOUT_MS,
  SOCKET_TOKEN_TIMEOUT_MS,
  OPERATOR_SOCKET_RECHECK_MS,
} from './constants';
import { SOCKET_CLOSE } from '@contract';
import type { Db } from './db/index';
import type { CommunityChecker, Deps, HotWalletKeys, ShareMessagePreparer } from './deps';
import { type EventBus, createInProcessBus } from './events/bus';
import { farmingRoutes } from './farming/routes';
import { communityGate, maintenanceGate } from './gates/hooks';
import { TokenKeys, bearerAuth, operatorGuard } from './http/auth-context';
import { RevokedSessions } from './http/revoked-sessions';
import { ledgerRoutes } from './ledger/routes';
import { DatabaseUnavailableError } from './db/faults';
import { registerDraining } from './http/draining';
import { registerProtection } from './http/protection';
import { refuse } from './http/refusals';
import { RequestLogs } from './http/request-logs';
import { DomainError, TooManyRequestsError, ValidationError } from './lib/errors';
import { type BotApi, createBotApi } from './lib/bot-api';
import { DEFAULT_DIST_DIR } from './lib/files';
import { createTonNodeClient } from './lib/ton-node';
import { maintenanceRoutes } from './maintenance/routes';
import { Metrics } from './observability/metrics';
import { observabilityRoutes } from './observability/routes';
import { mintRoutes } from './mint/routes';
import { priceRoutes } from './price/routes';
import { programRoutes } from './program/routes';
import { referralRoutes } from './referral/routes';
import { telegramShareMessagePreparer } from './referral/share-message';
import type { Sandbox } from './sandbox/index';
import { stakingRoutes } from './staking/routes';
import { statsRoutes } from './stats/routes';
import { consoleRoutes } from './console/routes';
import { taskRoutes } from './tasks/routes';
import { telegramRoutes } from './telegram/routes';
import { userRoutes } from './users/routes';
import { walletRoutes } from './wallet/routes';
import { chainPublicKeyReader } from './wallet/service';
import {
  appConfigFor,
  appConfigScript,
  builtInlineScripts,
  indexHtmlRenderer,
  spaIndexSender,
  wantsSpaIndex,
  webRoutes,
} from './web/routes';
import { settingsRoutes } from './settings/routes';
import { treasuryAdminRoutes } from './watcher/routes';
import { withdrawRoutes } from './withdraw/routes';
import { payoutQueueNow } from './withdraw/service';
import { hotWalletBalanceReader, hotWalletFromMnemonic } from './withdraw/worker';
import { socketRoutes } from './ws/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** index.html as the server sends it (runtime config, and the dev wallet in sandbox); dev.ts hands it to Vite. */
    renderIndexHtml(html: string): string;
    /** The wallet payouts leave from (null: payouts off); start.ts hands it to the payout job. */
    hotWallet: HotWalletKeys | null;
    /** The bot's Bot API (the sandbox's recorder there); start.ts hands it to the notifications job. */
    botApi: BotApi;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Migrated database. */
  db: Db;
  bus?: EventBus;
  community?: CommunityChecker;
  /** Prepares share messages (default: the Bot API in production, the sandbox's stand-in there). */
  shareMessages?: ShareMessagePreparer;
  /** The payout hot wallet (default: the sandbox treasury; HOT_WALLET_MNEMONIC in production; null when payouts are off). */
  hotWallet?: HotWalletKeys | null;
  /** Built client to serve (default dist/ at the repository root). */
  distDir?: string;
  /** Override of the 5 s socket token wait (tests). */
  socketTokenTimeoutMs?: number;
  /** Override of the 5 s check of the open operator sockets against their sessions (tests). */
  operatorSocketRecheckMs?: number;
  /** Override of the logger (default: pino at LOG_LEVEL). */
  logger?: FastifyServerOptions['logger'];
  /** The bot's Bot API (default: the sandbox's recorder, else Telegram's at BOT_API_URL). */
  botApi?: BotApi;
  /** The process's TON node client, shared with the jobs (start.ts); default: one of the app's own. */
  tonClient?: TonClient;
  /** The process's metrics, shared with the jobs and the node client (start.ts); default: the app's own. */
  metrics?: Metrics;
  /** Overrides /readyz's 1 s wait for the database (tests). */
  readyTimeoutMs?: number;
  /** Overrides the sandbox purge's minute between runs (tests; server/sandbox/purge.ts). */
  sandboxPurgeIntervalMs?: number;
}

/**
 * The sandbox, loaded only in sandbox mode: the one place production code reaches server/sandbox/, and
 * a dynamic import, so a production process never even loads it.
 */
async function loadSandbox(config: Config, db: Db, purgeIntervalMs: number | undefined): Promise<Sandbox | null> {
  if (config.mode !== 'sandbox') return null;
  const { createSandbox } = await import('./sandbox/index');
  return createSandbox(config, db, purgeIntervalMs === undefined ? {} : { purgeIntervalMs });
}

function productionCommunityChecker(config: Config, app: FastifyInstance): CommunityChecker {
  if (!config.communityChatId) throw new Error('COMMUNITY_CHAT_ID is required in production');
  return telegramCommunityChecker({
    botToken: config.botToken,
    baseUrl: config.botApiUrl,
    chatId: config.communityChatId,
    onError: (error) => app.log.warn({ err: error }, 'getChatMember failed'),
  });
}

function productionShareMessages(config: Config, app: FastifyInstance): ShareMessagePreparer {
  return telegramShareMessagePreparer({
    botToken: config.botToken,
    baseUrl: config.botApiUrl,
    onError: (error) => app.log.warn({ err: error }, 'savePreparedInlineMessage failed'),
  });
}

/** HOT_WALLET_MNEMONIC's keys; loadConfig already refuses production with payouts on and no mnemonic. */
async function productionHotWallet(config: Config, app: FastifyInstance): Promise<HotWalletKeys | null> {
  if (!config.payoutsEnabled) return null;
  if (!config.hotWalletMnemonic) {
    app.log.warn('PAYOUTS_ENABLED without HOT_WALLET_MNEMONIC: payouts are off');
    return null;
  }
  return hotWalletFromMnemonic(config.hotWalletMnemonic, config.hotWalletVersion);
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // TRUST_PROXY: only the proxies named there may say who the client is (X-Forwarded-For); none by default.
    trustProxy: config.faults.trustProxy,
    // While closing, the draining hook answers 503 {msg} (server/http/draining.ts), not Fastify's body.
    return503OnClosing: false,
    // The router's own refusals (a path segment over 100 characters, a malformed URL) in the `{msg}` shape.
    frameworkErrors: routerErrorHandler,
    // Fastify's two info lines per request at debug; a server error always at error, a deliberate refusal
    // (draining, maintenance, overload, database down) never (server/http/request-logs.ts).
    logController: new RequestLogs(),
  });
  const sandbox = await loadSandbox(config, db, options.sandboxPurgeIntervalMs);
  const deps: Deps = {
    config,
    db,
    bus: options.bus ?? createInProcessBus(),
    community: options.community ?? sandbox?.community ?? productionCommunityChecker(config, app),
    shareMessages: options.shareMessages ?? sandbox?.shareMessages ?? productionShareMessages(config, app),
    botApi: options.botApi ?? sandbox?.botApi ?? createBotApi({ botToken: config.botToken, baseUrl: config.botApiUrl }),
    tokens: new TokenKeys(config.jwtSecret, config.accessTokenTtlSeconds, config.jwtSecretPrevious),
    revokedSessions: new RevokedSessions(config.accessTokenTtlSeconds * 1000),
    hotWallet:
      options.hotWallet !== undefined
        ? options.hotWallet
        : sandbox
          ? sandbox.hotWallet
          : await productionHotWallet(config, app),
  };
  app.decorate('hotWallet', deps.hotWallet);
  app.decorate('botApi', deps.botApi);
  const metrics = options.metrics ?? new Metrics();

  app.setErrorHandler(errorHandler);
  app.decorateRequest('auth', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorSession', null);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    // On close (shutdown): every open socket is told the server restarts, so clients reconnect elsewhere.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(SOCKET_CLOSE.restart, 'Server restarting');
      this.websocketServer.close();
      done();
    },
  });
  registerDraining(app);
  // Every answer counted under its route's pattern, the refused ones (draining, limits, gates) too.
  app.addHook('onResponse', metrics.observeRequest);
  const renderIndexHtml = indexHtmlRenderer(appConfigFor(config, sandbox?.appConfig), sandbox?.indexHtmlTransforms);
  const distDir = path.resolve(options.distDir ?? DEFAULT_DIST_DIR);
  const protection = await registerProtection(app, config, {
    // The runtime config the server writes, and what the build inlined (the launch script, the console's theme).
    inlineScripts: builtInlineScripts(distDir, [appConfigScript(appConfigFor(config, sandbox?.appConfig))]),
    // The rate limits' counters: shared by every process on this database.
    db,
    onRefused: metrics.rateLimited,
  });
  app.addHook('onRequest', protection.limitByAddress);
  // Answers over 1 kB (candles, lists, index.html) compressed on the fly when the client accepts it;
  // the static files already compressed at build time are sent as they are (their Content-Encoding is
  // set), socket frames are not replies. Brotli at quality 4: near gzip's CPU cost, smaller output.
  // Request bodies are not decompressed (every client sends small plain JSON).
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
    // Gates, limits and the audit know the operator API by its routes' flag, never by a path prefix
    // (server/http/paths.ts): a route under /api/admin without it would be none of those.
    if (/^\/api\/admin(\/|$)/.test(route.url) && !route.config?.operator) {
      throw new Error(`${route.url}: an operator API route needs config.operator (OPERATOR_ROUTE)`);
    }
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Before every route: maintenance answers 503 on /api, decided by the matched route (server/gates,
  // server/http/paths.ts). After the websocket plugin's own hook, so a refused socket upgrade is closed
  // like any answered one.
  app.addHook('onRequest', maintenanceGate(deps));

  // The contract says which calls need `Authorization: Bearer <access token>` (server/lib/call-route.ts).
  app.decorate('checkResponses', config.checkResponses);
  // A signed-in non-member is refused there too (server/gates). The signed token and this process's set
  // of revoked sessions authenticate an HTTP call (no database read): the gate's and /user/me's own read
  // of the user's row refuses a deleted account (docs/security.md "Access tokens").
  const revocationsUnread = (error: unknown) => app.log.warn({ err: error }, 'revoked sessions read failed');
  const revocations = watchRevokedSessions(deps, revocationsUnread);
  // Before serving: a process that just started learns the revocations still-valid tokens may belong to.
  app.addHook('onReady', async () => revocations.catchUp().catch(revocationsUnread));
  app.addHook('onClose', async () => revocations.stop());
  // A process started with a shorter operator list (OPERATOR_TELEGRAM_IDS changed, the others still run with
  // the old one) ends the sessions of those taken off it, in every process (docs/security.md "Operators").
  app.addHook('onReady', async () => {
    const ended = await endFormerOperatorSessions(deps).catch((error: unknown) => {
      app.log.warn({ err: error }, 'former operators’ sessions not ended');
      return 0;
    });
    if (ended > 0) app.log.info({ ended }, 'sessions of operators no longer named ended');
  });
  const requireUser = bearerAuth((token) => authenticateRequest(deps, token));
  const requireMember = communityGate(deps);
  // The operator API (`config.operator` routes): the admin token or an operator session (server/operators),
  // after the per-address limit.
  const requireOperator = operatorGuard(config.adminToken, (token) => authenticateOperator(deps, token));
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.operator) return requireOperator(request);
    if (!request.routeOptions.config.auth) return;
    await requireUser(request);
    await protection.limitByUser(request);
    await requireMember(request);
  });

  // Every operator action is recorded, or it did not happen: its row before its handler runs, its outcome
  // once answered, with what its answer says for its words (server/audit/hooks.ts).
  const audit = operatorAudit(deps);
  app.addHook('preHandler', audit.before);
  app.addHook('preSerialization', audit.answer);
  app.addHook('onResponse', audit.after);
  await app.register(authRoutes(deps));
  await app.register(maintenanceRoutes(deps));
  await app.register(
    socketRoutes(deps, {
      tokenTimeoutMs: options.socketTokenTimeoutMs ?? SOCKET_TOKEN_TIMEOUT_MS,
      operatorRecheckMs: options.operatorSocketRecheckMs ?? OPERATOR_SOCKET_RECHECK_MS,
    }),
  );
  await app.register(userRoutes(deps));
  await app.register(mintRoutes(deps));
  await app.register(stakingRoutes(deps));
  await app.register(farmingRoutes(deps));
  await app.register(priceRoutes(deps));
  // One node client for the app's calls: the wallet check, the hot wallet's balance in the operator's overview.
  const tonClient = options.tonClient ?? createTonNodeClient(config, { onError: metrics.nodeError });
  const hotWallet = deps.hotWallet
    ? hotWalletBalanceReader(deps.hotWallet, config.tonNetwork, tonClient, OVERVIEW_NODE_TIMEOUT_MS)
    : null;
  await app.register(statsRoutes(deps, hotWallet));
  await app.register(programRoutes(deps));
  await app.register(referralRoutes(deps));
  await app.register(withdrawRoutes(deps));
  await app.register(ledgerRoutes(deps));
  await app.register(taskRoutes(deps));
  await app.register(walletRoutes(deps, chainPublicKeyReader(tonClient)));
  await app.register(treasuryAdminRoutes(deps));
  await app.register(auditRoutes(deps));
  await app.register(operatorRoutes(deps));
  await app.register(settingsRoutes(deps));
  await app.register(consoleRoutes(deps));
  await app.register(
    telegramRoutes(deps, {
      isOperator: (q, telegramId) => isOperator({ config, db: q }, telegramId),
      limitWrongSecret: protection.limitWrongWebhookSecret,
    }),
  );
  metrics.watch({
    pool: db.poolStats?.bind(db),
    sockets: () => app.websocketServer.clients.size,
    payoutQueue: () => payoutQueueNow(deps),
  });
  await app.register(
    observabilityRoutes({
      config,
      db,
      metrics,
      ...(options.readyTimeoutMs !== undefined ? { readyTimeoutMs: options.readyTimeoutMs } : {}),
    }),
  );
  // Sandbox mode only: /sandbox (launcher, host frame, dev wallet, dev chain). In production those paths 404.
  if (sandbox) await app.register(sandbox.plugin(deps));

  app.decorate('renderIndexHtml', renderIndexHtml);
  const sendSpaIndex = spaIndexSender(distDir, renderIndexHtml, protection.consolePageHeaders);
  await app.register(webRoutes(config, sendSpaIndex ? { distDir, sendIndex: sendSpaIndex } : null));
  app.setNotFoundHandler(async (request, reply) => {
    if (sendSpaIndex && wantsSpaIndex(request)) return sendSpaIndex(reply);
    return reply.code(404).send({ msg: SERVER_MESSAGES.notFound, code: 'notFound' } satisfies ErrorBody);
  });
  if (!sendSpaIndex) app.log.info({ distDir }, 'client not built (npm run build): serving the API only');

  return app;
}

/**
 * The one place errors become responses: `{msg, code}` always (a template's `params`), field details for 422,
 * never a stack. The app's, and the probes' while the start waits for the database (server/start.ts).
 */
export async function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ValidationError) {
    const errors = error.errors.map(({ path, message }) => ({ path, message }));
    return reply
      .code(422)
      .send({ msg: error.message, code: error.code, ...paramsOf(error), errors } satisfies ErrorBody);
  }
  if (error instanceof DatabaseUnavailableError) {
    // The database cannot answer now (down, frozen, restarting): a bounded, retryable 503, a refusal the
    // request logs summarise (a warning a window, with the cause), not an error line per request.
    return refuse(reply, 'database', error.cause)
      .code(503)
      .header('retry-after', '5')
      .send({ msg: SERVER_MESSAGES.unavailable, code: 'unavailable' } satisfies ErrorBody);
  }
  if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error instanceof DomainError) {
    return reply
      .code(error.status)
      .send({ msg: error.message, code: error.code, ...paramsOf(error) } satisfies ErrorBody);
  }
  // Fastify's own client errors: malformed JSON (400), body too large (413), unsupported type (415)…
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return reply.code(status).send(clientError(error) satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ msg: SERVER_MESSAGES.internal, code: 'internal' } satisfies ErrorBody);
}

/**
 * Every path parameter is an id, so one too long to route is a hostile id: 422 like any other, without
 * echoing the path back.
 */
function routerErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // Fastify takes this handler's answer from the reply, not its return value (a reply is thenable).
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(422).send({ msg: OTHER_ERROR_MESSAGES.pathTooLong, code: 'pathTooLong' } satisfies ErrorBody);
    return;
  }
  void reply.code(400).send({ msg: OTHER_ERROR_MESSAGES.malformedUrl, code: 'malformedUrl' } satisfies ErrorBody);
}

const paramsOf = (error: { params: Record<string, string> | undefined }) =>
  error.params ? { params: error.params } : {};

/** Fastify's own client errors, each with its code; another one's text as Fastify wrote it. */
function clientError(error: FastifyError): ErrorBody {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { msg: OTHER_ERROR_MESSAGES.malformedJson, code: 'malformedJson' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { msg: OTHER_ERROR_MESSAGES.payloadTooLarge, code: 'payloadTooLarge' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { msg: OTHER_ERROR_MESSAGES.unsupportedMediaType, code: 'unsupportedMediaType' };
    default:
      return { msg: error.message, code: 'badRequest' };
  }
}
