/**
 * Production/sandbox entry point: `node --import tsx server/main.ts` (npm start builds the client first).
 * Node runs it with tsx as a loader, not under tsx's CLI, which SIGKILLs its child ~30 ms after passing
 * on a SIGTERM: here the signal reaches onShutdownSignal and the shutdown is graceful.
 */
import { ConfigError, loadConfig } from './config';
import { announceStart, logFormatOf, processLog, startLogFormat } from './lib/process-log';
import { onShutdownSignal, startServer } from './start';

// JSON lines in production, the banner and a refused start included (server/lib/process-log.ts).
let log = processLog(startLogFormat());
try {
  const config = loadConfig();
  log = processLog(logFormatOf(config));
  const server = await startServer(config);
  announceStart(log, config, server.address);
  onShutdownSignal(server.close, config.faults.shutdownTimeoutMs, log);
} catch (error) {
  if (error instanceof ConfigError) log.fatal(error.message);
  else log.fatal('start failed', { err: error });
  process.exit(1);
}
