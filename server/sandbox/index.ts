/**
 * The sandbox (docs/foundations.md §2): everything production does not have, in one plugin. The launcher and
 * the Telegram host frame (/sandbox/), test users and their grants, the dev wallet, the dev chain
 * (/sandbox/chain/jsonRPC) with its faucet and the sandbox treasury, a TON Connect bridge (/bridge), the
 * launcher's community flag, and the stand-in for the Bot API's prepared share messages and its recorder
 * (a test user's bot chat, the bot's setup), the seeded tasks and the review queue.
 *
 * server/app.ts loads this file with a dynamic import in sandbox mode only, so production never loads
 * sandbox code; nothing else outside server/sandbox/ imports it (.dependency-cruiser.cjs).
 * What production code needs from the sandbox it gets through this object, never by importing it.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { CommunityChecker, Deps, HotWalletKeys, ShareMessagePreparer } from '../deps';
import { type SandboxBotApi, createSandboxBotApi } from './bot-api';
import { bridgeRoutes } from './bridge/routes';
import { chainRoutes } from './chain/routes';
import { ensureSandboxHotWallet, ensureSandboxTreasury, sandboxHotWalletKeys } from './chain/service';
import { sandboxCommunityChecker } from './community';
import { refuseOtherSiteChanges } from './origin';
import { SANDBOX_PURGE_INTERVAL_MS, createSandboxPurge } from './purge';
import { sandboxRoutes } from './routes';
import { sandboxShareMessagePreparer } from './share-message';
import { sandboxReviewRoutes, seedSandboxTasks } from './tasks';
import { WALLETS_LIST_PATH } from './wallet/constants';
import { injectDevWallet } from './wallet/inject';

export interface Sandbox {
  /** The community gate answers from the launcher's "Community member" flag. */
  community: CommunityChecker;
  /** Prepared share messages are kept for the host emulator's share dialog (no Bot API). */
  shareMessages: ShareMessagePreparer;
  /**
   * Payouts leave from the sandbox's hot wallet (chain/hot-wallet.ts: its key pair from a public seed, its
   * kind HOT_WALLET_VERSION's, v5r1 by default), a real contract on the dev chain's TVM, exactly as on
   * mainnet; null when PAYOUTS_ENABLED is false.
   */
  hotWallet: HotWalletKeys | null;
  /** The bot's Bot API: calls recorded in the database, never sent (bot-api.ts; the bot chat, bot.ts). */
  botApi: SandboxBotApi;
  /** Added to the runtime config: the local wallets list and the test-transfer address. */
  appConfig: { walletsListUrl: string; testTransferAddress: string | null };
  /** Applied to index.html after the runtime config: the dev wallet's bridge script. */
  indexHtmlTransforms: ReadonlyArray<(html: string) => string>;
  /**
   * Registers every /sandbox route (the launcher's review queue among them) and the TON Connect bridge
   * (/bridge), behind the rule that only the sandbox's own pages may change anything (origin.ts), starts
   * the purge of what the bridge and the phone wallet leave behind (purge.ts) with the app, deploys the sandbox treasury on the dev chain, and seeds one task of each kind into an empty
   * catalogue.
   */
  plugin(deps: Deps): (app: FastifyInstance) => Promise<void>;
}

export interface SandboxOptions {
  /** Between the purge's runs (default SANDBOX_PURGE_INTERVAL_MS; tests use a short one). */
  purgeIntervalMs?: number;
}

export function createSandbox(config: Config, db: Db, options: SandboxOptions = {}): Sandbox {
  return {
    community: sandboxCommunityChecker(db),
    shareMessages: sandboxShareMessagePreparer(db),
    botApi: createSandboxBotApi(db),
    hotWallet: config.payoutsEnabled ? sandboxHotWalletKeys(config.hotWalletVersion) : null,
    appConfig: { walletsListUrl: WALLETS_LIST_PATH, testTransferAddress: config.treasuryAddress ?? null },
    indexHtmlTransforms: [injectDevWallet],
    plugin: (deps) => async (app) => {
      // Every sandbox route is in this one context, so the hook covers each: only the sandbox's own pages
      // may change it (origin.ts).
      app.addHook('onRequest', refuseOtherSiteChanges(deps.config));
      // Expired bridge messages and ended or idle phone-wallet sessions, on a timer of the app's lifetime.
      const purge = createSandboxPurge(db, {
        intervalMs: options.purgeIntervalMs ?? SANDBOX_PURGE_INTERVAL_MS,
        onPurged: (purged) => app.log.debug(purged, 'sandbox purge'),
        onError: (error) => app.log.warn({ err: error }, 'sandbox purge failed'),
      });
      app.addHook('onReady', async () => purge.start());
      app.addHook('onClose', async () => purge.stop());
      await app.register(sandboxRoutes(deps));
      await app.register(chainRoutes(deps));
      await app.register(bridgeRoutes(deps));
      await app.register(sandboxReviewRoutes(deps));
      await ensureSandboxTreasury(deps);
      await ensureSandboxHotWallet(deps);
      await seedSandboxTasks(deps);
    },
  };
}
