/**
 * Production/sandbox entry point: `node --import tsx server/main.ts` (npm start builds the client first).
 * Node runs it with tsx as a loader, not under tsx's CLI, which SIGKILLs its child ~30 ms after passing
 * on a SIGTERM: here the signal reaches onShutdownSignal and the shutdown is graceful.
 */
import { ConfigError, loadConfig } from './config';
import { onShutdownSignal, startServer } from './start';

try {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Mode:     ${config.mode}`);
  console.log(`Listen:   ${server.address}`);
  console.log(`App:      ${config.publicUrl}/`);
  if (config.mode === 'sandbox') console.log(`Launcher: ${config.publicUrl}/sandbox/`);
  onShutdownSignal(server.close, config.faults.shutdownTimeoutMs);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
