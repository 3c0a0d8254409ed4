/**
 * `npm run dev`: the API server on :8080 and the Vite dev server on :5173 (which proxies /api,
 * /sandbox and the TON Connect manifest to it, see vite.config.ts). Open the launcher through Vite
 * so the app hot-reloads. Vite's index.html gets what the server injects into the built one: the
 * runtime config and, in sandbox mode, the dev wallet's bridge.
 */
import { createServer, type Plugin } from 'vite';
import { ConfigError, loadConfig } from './config';
import { onShutdownSignal, startServer } from './start';

const VITE_PORT = 5173;

/** index.html exactly as the server renders the built one (app.renderIndexHtml). */
function serverInjections(renderIndexHtml: (html: string) => string): Plugin {
  return {
    name: 'ton-token:server-injections',
    apply: 'serve',
    transformIndexHtml: (html) => renderIndexHtml(html),
  };
}

try {
  // Users open the app through Vite, so links the server builds (launcher, manifest) name Vite's origin.
  // The mode is decided from the environment alone (a PUBLIC_URL default must not make it production).
  const { mode } = loadConfig({ PORT: '8080', ...process.env });
  const config = loadConfig({ PORT: '8080', MODE: mode, PUBLIC_URL: `http://127.0.0.1:${VITE_PORT}`, ...process.env });
  const server = await startServer(config);
  const vite = await createServer({
    plugins: [serverInjections((html) => server.app.renderIndexHtml(html))],
    server: { port: VITE_PORT, strictPort: true, host: '127.0.0.1' },
  });
  await vite.listen();
  console.log(`API:      ${server.address}`);
  console.log(`App:      http://127.0.0.1:${VITE_PORT}/`);
  if (config.mode === 'sandbox') console.log(`Launcher: http://127.0.0.1:${VITE_PORT}/sandbox/`);
  onShutdownSignal(async () => {
    await vite.close();
    await server.close();
  });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
