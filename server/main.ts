/**
 * Production/sandbox entry point: `tsx server/main.ts` (npm start builds the client first).
 */
import { ConfigError, loadConfig } from './config';
import { onShutdownSignal, startServer } from './start';

try {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`Mode:     ${config.mode}`);
  console.log(`App:      ${config.publicUrl}/`);
  if (config.mode === 'sandbox') console.log(`Launcher: ${config.publicUrl}/sandbox/`);
  onShutdownSignal(server.close);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
