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
import { ConfigError, PRODUCTION_FLAG, loadConfig, readStartArgs } from './config';
import { announceStart, logFormatOf, processLog, startLogFormat } from './lib/process-log';
import { StartRefusal, onShutdownSignal, startServer } from './start';

// JSON lines in production, the banner and a refused start included (server/lib/process-log.ts).
let log = processLog(process.argv.includes(PRODUCTION_FLAG) ? 'json' : startLogFormat());
try {
  const { production, positional } = readStartArgs(process.argv.slice(2));
  if (positional.length > 0) throw new ConfigError(`Refusing to start: unknown argument ${positional.join(' ')}`);
  const config = loadConfig(process.env, { production });
  log = processLog(logFormatOf(config));
  const server = await startServer(config);
  announceStart(log, config, server.address);
  onShutdownSignal(server.close, config.faults.shutdownTimeoutMs, log);
} catch (error) {
  if (error instanceof ConfigError || error instanceof StartRefusal) log.fatal(error.message);
  else log.fatal('start failed', { err: error });
  process.exit(1);
}
