/**
 * `npm run dev`: the API server on :8080 and the Vite dev server on :5173 (which proxies /api and
 * /sandbox to it, see vite.config.ts). Open the launcher through Vite so the app hot-reloads.
 */
import { createServer } from 'vite';
import { ConfigError, loadConfig } from './config';
import { onShutdownSignal, startServer } from './start';

const VITE_PORT = 5173;

try {
  const config = loadConfig({ PORT: '8080', ...process.env });
  const server = await startServer(config);
  const vite = await createServer({ server: { port: VITE_PORT, strictPort: true, host: '127.0.0.1' } });
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
