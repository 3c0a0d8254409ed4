import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { idParamsSchema } from '@contract';
import type { Deps } from '../../deps';
import { addressKey } from '../../http/protection';
import { serverFile } from '../../lib/files';
import { parseOr422 } from '../../lib/validation';
import {
  DEFAULT_FAUCET_NANOTONS,
  DEV_WALLET_IMAGE_PATH,
  DEV_WALLET_SCRIPT_PATH,
  MOBILE_WALLET_IMAGE_PATH,
  MOBILE_WALLET_PAGE_PATH,
  MOBILE_WALLET_SCRIPT_PATH,
  WALLETS_LIST_PATH,
} from './constants';
import { openMobileMessage, openMobileSession, sendMobileMessage } from './mobile';
import {
  connectBodySchema,
  faucetBodySchema,
  hotWalletDrainSchema,
  hotWalletTopUpSchema,
  mobileOpenBodySchema,
  mobileSendBodySchema,
  mobileSessionBodySchema,
  sendBodySchema,
  walletQuerySchema,
} from './schemas';
import {
  connect,
  drainHotWallet,
  faucetForUser,
  hotWalletInfo,
  listWalletInfos,
  preview,
  send,
  topUpHotWallet,
  walletInfo,
} from './service';
import { walletsList } from './wallets-list';
import { sendSandboxPage } from '../pages';
import { sendScriptFile } from '../script-file';

/** Dev wallet routes; registered by sandboxRoutes, so they exist in sandbox mode only. */
export function devWalletRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    // Served as-is, read per request: editing the script needs no restart (and there is no build step).
    app.get(DEV_WALLET_SCRIPT_PATH, async (request, reply) =>
      sendScriptFile(request, reply, 'server/sandbox/dev-wallet.js'),
    );
    const image =
      (file: 'dev-wallet.svg' | 'dev-wallet-mobile.svg') => async (_request: unknown, reply: FastifyReply) =>
        reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=3600')
          .send(await readFile(serverFile(`server/sandbox/wallet/${file}`)));
    app.get(DEV_WALLET_IMAGE_PATH, image('dev-wallet.svg'));
    app.get(MOBILE_WALLET_IMAGE_PATH, image('dev-wallet-mobile.svg'));

    // The phone-style Dev Wallet: the wallet "app" the host emulator shows in its frame (a page with its
    // own CSP, ../pages.ts), and the calls its protocol needs (mobile.ts).
    app.get(MOBILE_WALLET_PAGE_PATH, { config: { ownCsp: true } }, async (_request, reply) =>
      sendSandboxPage(reply, 'mobile-wallet.html', deps.config),
    );
    app.get(MOBILE_WALLET_SCRIPT_PATH, async (request, reply) =>
      sendScriptFile(request, reply, 'server/sandbox/mobile-wallet.js'),
    );
    app.post('/sandbox/api/mobile-wallet/session', async (request) =>
      openMobileSession(deps, parseOr422(mobileSessionBodySchema, request.body)),
    );
    app.post('/sandbox/api/mobile-wallet/open', async (request) =>
      openMobileMessage(deps, parseOr422(mobileOpenBodySchema, request.body)),
    );
    app.post('/sandbox/api/mobile-wallet/send', async (request) =>
      sendMobileMessage(deps, parseOr422(mobileSendBodySchema, request.body), addressKey(request.ip)),
    );
    app.get(WALLETS_LIST_PATH, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(walletsList(deps.config)),
    );

    app.get('/sandbox/api/wallet', async (request) => {
      const { init_data } = parseOr422(walletQuerySchema, request.query);
      return walletInfo(deps, init_data);
    });
    app.post('/sandbox/api/wallet/connect', async (request) =>
      connect(deps, parseOr422(connectBodySchema, request.body)),
    );
    /** What the confirmation overlay shows (decoded comments, balance); also rejects a bad request before asking. */
    app.post('/sandbox/api/wallet/preview', async (request) => preview(deps, parseOr422(sendBodySchema, request.body)));
    app.post('/sandbox/api/wallet/send', async (request) => send(deps, parseOr422(sendBodySchema, request.body)));

    app.get('/sandbox/api/wallets', async () => listWalletInfos(deps));
    app.post('/sandbox/api/users/:id/faucet', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const { amount } = parseOr422(faucetBodySchema, request.body ?? {});
      return faucetForUser(deps, id, amount ?? DEFAULT_FAUCET_NANOTONS);
    });

    // The sandbox's hot wallet (../chain/hot-wallet.ts, which pays sales): its balance, emptied to see
    // payouts wait as on an empty production hot wallet, and topped up again.
    app.get('/sandbox/api/hot-wallet', async () => hotWalletInfo(deps));
    app.post('/sandbox/api/hot-wallet/drain', async (request) => {
      const { keep } = parseOr422(hotWalletDrainSchema, request.body ?? {});
      return drainHotWallet(deps, keep);
    });
    app.post('/sandbox/api/hot-wallet/top-up', async (request) => {
      const { amount } = parseOr422(hotWalletTopUpSchema, request.body);
      return topUpHotWallet(deps, amount);
    });
  };
}
