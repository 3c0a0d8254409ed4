/** A bound on how long a caller waits for an answer (the metrics' scrape, readiness, the operator's overview). */
/** Rejects after `ms` unless `work` settles first (the work itself goes on, bounded by its own timeouts). */
export async function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
