/**
 * What the process itself says outside any request (docs/operations.md "Logs"): the start banner, a refused
 * start, the shutdown signal, the cluster primary's lines. In production one JSON line each, in the shape of
 * the app's own log lines (pino's: level, time, pid, hostname, the fields, msg), so journald or Docker keep
 * one format a log shipper can parse; in the sandbox the text a developer reads in a terminal. Written
 * whatever LOG_LEVEL says, as the banner always was: a handful of lines in a process's life.
 */
import { hostname } from 'node:os';
import { inspect } from 'node:util';
import { type Config, PRODUCTION_SIGNALS } from '../config';
import { BUILD_INFO } from './build-info';

export type LogFormat = 'json' | 'text';

type Fields = Record<string, unknown>;

export interface ProcessLog {
  readonly format: LogFormat;
  info(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  /** The process cannot go on (a refused start). */
  fatal(msg: string, fields?: Fields): void;
}

/** Pino's level numbers, so the lines sort and filter with the app's. */
const LEVELS = { info: 30, error: 50, fatal: 60 } as const;

/** The format of the settled mode: JSON in production. */
export const logFormatOf = (config: Pick<Config, 'mode'>): LogFormat =>
  config.mode === 'production' ? 'json' : 'text';

/**
 * The format before the settings are read, for a start they refuse: production's JSON when MODE says
 * production, or when MODE is unset and a production setting is given (server/config.ts decides the mode
 * by the same signals); else text.
 */
export function startLogFormat(env: NodeJS.ProcessEnv = process.env): LogFormat {
  if (env.MODE) return env.MODE === 'production' ? 'json' : 'text';
  return PRODUCTION_SIGNALS.some((name) => env[name] !== undefined) ? 'json' : 'text';
}

/** An error as pino's serializer writes it. */
const serializeError = (error: unknown) =>
  error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : error;

export function processLog(
  format: LogFormat,
  write: { out(line: string): void; err(line: string): void } = {
    out: (line) => process.stdout.write(line),
    err: (line) => process.stderr.write(line),
  },
): ProcessLog {
  const line = (level: keyof typeof LEVELS, msg: string, fields: Fields = {}) => {
    if (format === 'json') {
      const { err, ...rest } = fields;
      const record = {
        level: LEVELS[level],
        time: Date.now(),
        pid: process.pid,
        hostname: hostname(),
        ...rest,
        ...(err === undefined ? {} : { err: serializeError(err) }),
        msg,
      };
      // One stream, as the app's logger writes every level.
      write.out(`${JSON.stringify(record)}\n`);
      return;
    }
    const text = fields.err === undefined ? msg : `${msg}\n${inspect(fields.err)}`;
    if (level === 'info') write.out(`${text}\n`);
    else write.err(`${text}\n`);
  };
  return {
    format,
    info: (msg, fields) => line('info', msg, fields),
    error: (msg, fields) => line('error', msg, fields),
    fatal: (msg, fields) => line('fatal', msg, fields),
  };
}

/** The start banner: what runs, which build, where it listens. In text, aligned lines; in JSON, one line. */
export function announceStart(log: ProcessLog, config: Pick<Config, 'mode' | 'publicUrl'>, listen: string): void {
  const { version, commit, node } = BUILD_INFO;
  const app = `${config.publicUrl}/`;
  const launcher = config.mode === 'sandbox' ? `${config.publicUrl}/sandbox/` : undefined;
  if (log.format === 'json') {
    log.info('started', { mode: config.mode, version, commit, node, listen, app, ...(launcher ? { launcher } : {}) });
    return;
  }
  const lines = [
    `Mode:     ${config.mode}`,
    `Version:  ${version}${commit ? ` (${commit})` : ''}, Node ${node}`,
    `Listen:   ${listen}`,
    `App:      ${app}`,
    ...(launcher ? [`Launcher: ${launcher}`] : []),
  ];
  log.info(lines.join('\n'));
}
