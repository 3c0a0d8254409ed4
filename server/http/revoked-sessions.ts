/**
 * The sessions this process knows were revoked (signed out, a reused refresh token, the oldest past the
 * session cap): an HTTP call whose access token names one is refused with no database read, and a
 * socket of one is closed. server/auth feeds it (the bus event published inside the revoking
 * transaction, and a periodic read of the database as a backstop) and app.ts consults it.
 *
 * Each session is kept one access-token lifetime after this process learned of it, then forgotten: its
 * tokens were all issued before the revocation, so by then every one of them has expired.
 */
export class RevokedSessions {
  /** Session id → when it may be forgotten (ms), in the order learned: the first to go come first. */
  private readonly forgetAt = new Map<string, number>();
  private readonly listeners = new Set<(sessionIds: string[]) => void>();

  constructor(
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  has(sessionId: string): boolean {
    return this.forgetAt.has(sessionId);
  }

  get size(): number {
    return this.forgetAt.size;
  }

  /** Records revoked sessions; the listeners hear those not known before. Forgets those past their time. */
  add(sessionIds: Iterable<string>): void {
    const now = this.now();
    for (const [id, at] of this.forgetAt) {
      if (at > now) break;
      this.forgetAt.delete(id);
    }
    const learned: string[] = [];
    for (const id of sessionIds) {
      if (this.forgetAt.has(id)) continue;
      this.forgetAt.set(id, now + this.keepMs);
      learned.push(id);
    }
    if (learned.length > 0) for (const listener of this.listeners) listener(learned);
  }

  /** Calls `listener` with each batch of newly learned sessions; returns the function that unsubscribes. */
  onRevoked(listener: (sessionIds: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
