/**
 * The server's entry point: `node dist-server/main.js` (npm start: the sandbox unless production settings
 * are given), `node dist-server/main.js --production` (the production start: npm run start:prod, the Docker
 * image, the systemd unit; production or a refusal, never the sandbox), or from source
 * `node --import tsx server/main.ts`. Node runs it with tsx as a loader, not under tsx's CLI, which
 * SIGKILLs its child ~30 ms after passing on a SIGTERM: here the signal reaches onShutdownSignal and the
 * shutdown is graceful.
 *
 * A refusal (settings, a database that never answered) is printed as its lines, never a stack trace, and
 * exits 1 (docs/deploy.md step 2).
 */
import { ConfigError, loadConfig, readStartArgs } from './config';
import { StartRefusal, onShutdownSignal, startServer } from './start';

try {
  const { production, positional } = readStartArgs(process.argv.slice(2));
  if (positional.length > 0) throw new ConfigError(`Refusing to start: unknown argument ${positional.join(' ')}`);
  const config = loadConfig(process.env, { production });
  const server = await startServer(config);
  console.log(`Mode:     ${config.mode}`);
  console.log(`Listen:   ${server.address}`);
  console.log(`App:      ${config.publicUrl}/`);
  if (config.mode === 'sandbox') console.log(`Launcher: ${config.publicUrl}/sandbox/`);
  onShutdownSignal(server.close, config.faults.shutdownTimeoutMs);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof StartRefusal ? error.message : error);
  process.exit(1);
}
