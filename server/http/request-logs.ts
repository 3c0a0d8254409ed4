/**
 * The request log lines (docs/operations.md "Logs"), as Fastify's log controller. Fastify's two info lines
 * per request cost ~0.1 ms of CPU a call: they are debug lines here (off at the default info level). A
 * server error (an error, or a 5xx nobody chose) is always an error line. A deliberate refusal
 * (./refusals.ts) is no error: draining, maintenance and /readyz's 503 are debug lines like any answered
 * request (draining's start is one info line: ./draining.ts); load shedding and a database outage are
 * warnings, but not one a request: at most one line per reason every REFUSAL_LOG_WINDOW_MS, with `refused`,
 * the refusals it stands for (since the previous line of that reason, this one included). A database outage
 * under load would otherwise write a line for every call, just when writing costs most.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type Refusal, type RefusalReason, refusalOf } from './refusals';

/** At most one warning line per refusal reason this often. */
export const REFUSAL_LOG_WINDOW_MS = 10_000;

/** The refusals worth a warning (something is wrong, though no code failed), and their line's message. */
const WARNED_REFUSALS: Partial<Record<RefusalReason, string>> = {
  overloaded: 'requests refused: overloaded (load shedding)',
  database: 'requests refused: the database cannot answer',
};

export class RequestLogs extends LogController {
  /** Per warned reason: when its last line was written, and the refusals since. */
  private readonly windows = new Map<RefusalReason, { since: number; refused: number }>();

  /** `now`: milliseconds of a monotonic clock (tests hand in their own). */
  constructor(private readonly now: () => number = () => performance.now()) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const refusal = error ? undefined : refusalOf(reply);
    if (refusal) {
      this.refused(reply, refusal);
    } else if (error || reply.statusCode >= 500) {
      reply.log.error({ res: reply, err: error ?? undefined, responseTime: reply.elapsedTime }, 'request failed');
    } else {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }

  private refused(reply: FastifyReply, { reason, cause }: Refusal): void {
    const message = WARNED_REFUSALS[reason];
    if (!message) {
      reply.log.debug({ res: reply, reason, responseTime: reply.elapsedTime }, 'request refused');
      return;
    }
    const now = this.now();
    const window = this.windows.get(reason);
    if (window && now - window.since < REFUSAL_LOG_WINDOW_MS) {
      window.refused++;
      return;
    }
    this.windows.set(reason, { since: now, refused: 0 });
    reply.log.warn({ reason, refused: (window?.refused ?? 0) + 1, err: cause }, message);
  }
}
