import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '@/shared/api/contract';
import type { Deps } from '../../deps';
import { serverFile } from '../../lib/files';
import { parseOr422 } from '../../lib/validation';
import { DEFAULT_FAUCET_NANOTONS, DEV_WALLET_IMAGE_PATH, DEV_WALLET_SCRIPT_PATH, WALLETS_LIST_PATH } from './constants';
import {
  connectBodySchema,
  faucetBodySchema,
  hotWalletDrainSchema,
  hotWalletTopUpSchema,
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

/** Dev wallet routes; registered by sandboxRoutes, so they exist in sandbox mode only. */
export function devWalletRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    // Served as-is, read per request: editing the script needs no restart (and there is no build step).
    app.get(DEV_WALLET_SCRIPT_PATH, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await readFile(serverFile('server/sandbox/dev-wallet.js'))),
    );
    app.get(DEV_WALLET_IMAGE_PATH, async (_request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=3600')
        .send(await readFile(serverFile('server/sandbox/wallet/dev-wallet.svg'))),
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

    // The sandbox's hot wallet (the dev chain's treasury, which pays sales): its balance, emptied to see
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
