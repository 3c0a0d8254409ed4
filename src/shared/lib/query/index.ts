import {
  attach,
  combine,
  createEvent,
  createStore,
  sample,
  type Effect,
  type Event,
  type EventCallable,
  type Store,
  type StoreWritable,
} from 'effector';

/** Where a query is: never asked, on its way, its last read answered, its last read failed. */
export type QueryStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Why a read failed: what the effect threw, or this when the server answered nothing (a 5xx). */
export const NO_ANSWER = new Error('No answer');

/**
 * The units of one query (what createQuery makes), named as farfetched names them
 * (https://ff.effector.dev/api/primitives/query), so a slice reads the same if it moves to farfetched:
 * `start`, `refresh`, `reset`, `$data`, `$error`, `$status`, `$pending`, `$failed`, `finished.*`.
 */
export interface Query<P, T, A> {
  /** Read (again) with these params: the screen opens, a change was pushed. */
  start: EventCallable<P>;
  /** Read again with the params of the last read (Try again; a push saying the list changed). */
  refresh: EventCallable<void>;
  /** Forget everything: `initial` data, idle, no error (the screen's user signed out). */
  reset: EventCallable<void>;
  /** What the answers made, from `initial`; writable so a slice can merge live pushes into it. */
  $data: StoreWritable<T>;
  /** Why the last settled read failed (`NO_ANSWER` for a 5xx, whose toast is the request layer's), or null. */
  $error: Store<unknown>;
  $status: Store<QueryStatus>;
  /** A read is on its way. */
  $pending: Store<boolean>;
  /** A read has answered: an empty list now means "nothing", not "not read yet". */
  $loaded: Store<boolean>;
  /** A read has settled, answered or not: the screen stops waiting for the first one. */
  $settled: Store<boolean>;
  /** The last settled read failed; a new read keeps it until it settles. */
  $failed: Store<boolean>;
  finished: {
    /** A read answered, and what it was asked. */
    success: Event<{ params: P; result: NonNullable<A> }>;
    /** A read failed (thrown, or no answer), and what it was asked. */
    failure: Event<{ params: P; error: unknown }>;
    /** A read settled either way. */
    finally: Event<{ params: P }>;
  };
}

/**
 * One read of the server kept as a store, with where it is. A null answer (a 5xx, whose toast is the
 * request layer's) or a failure keeps what is shown and marks the read failed. `reduce` makes the
 * store's value from an answer, what it holds and what was asked (default: the answer itself). A change
 * made to `$data` while a read is on its way (a live push) makes the query read again once that read answers.
 */
export function createQuery<P, A, T = NonNullable<A>>(config: {
  effect: Effect<P, A, unknown>;
  initial: T;
  reduce?: (answer: NoInfer<NonNullable<A>>, known: T, params: NoInfer<P>) => T;
}): Query<P, T, A> {
  const { reduce = (answer: NonNullable<A>) => answer as unknown as T } = config;
  const readFx = attach({ effect: config.effect });
  const start = createEvent<P>();
  const refresh = createEvent();
  const reset = createEvent();

  const success = readFx.done.filter({
    fn: (answer): answer is { params: P; result: NonNullable<A> } => answer.result != null,
  });
  const failure = readFx.finally.filterMap((end) =>
    end.status === 'fail'
      ? { params: end.params, error: end.error as unknown }
      : end.result == null
        ? { params: end.params, error: NO_ANSWER as unknown }
        : undefined,
  );
  const settled = readFx.finally;

  const $params = createStore<{ last: P } | null>(null, { serialize: 'ignore' })
    .on(readFx, (_, params) => ({ last: params }))
    .reset(reset);
  sample({ clock: start, target: readFx });
  sample({ clock: refresh, source: $params, fn: (params) => params?.last as P, target: readFx });

  const $data = createStore(config.initial).reset(reset);
  const answered = sample({
    clock: success,
    source: $data,
    fn: (known, { params, result }) => reduce(result, known, params),
  });
  $data.on(answered, (_, data) => data);
  // A change made to the data while a read was on its way (a pushed item; not another read's answer) may be
  // newer than what that read answers, which replaces it: read once more when it answers.
  const $answer = createStore<unknown>(null, { serialize: 'ignore' }).on(answered, (_, data) => data);
  const $changedWhileReading = createStore(false).on(readFx, () => false);
  sample({
    clock: $data,
    source: { pending: readFx.pending, answer: $answer },
    filter: ({ pending, answer }, data) => pending && data !== answer,
    fn: () => true,
    target: $changedWhileReading,
  });
  sample({ clock: success, filter: $changedWhileReading, fn: ({ params }) => params, target: readFx });
  const $loaded = createStore(false)
    .on(success, () => true)
    .reset(reset);
  const $settled = createStore(false)
    .on(settled, () => true)
    .reset(reset);
  const $error = createStore<unknown>(null, { serialize: 'ignore' })
    .on(failure, (_, { error }) => error)
    .reset(success, reset);
  const $failed = $error.map((error) => error !== null);
  const $status = combine(readFx.pending, $failed, $settled, (pending, failed, done): QueryStatus =>
    pending ? 'loading' : failed ? 'failed' : done ? 'loaded' : 'idle',
  );
  return {
    start,
    refresh,
    reset,
    $data,
    $error,
    $status,
    $pending: readFx.pending,
    $loaded,
    $settled,
    $failed,
    finished: { success, failure, finally: settled },
  };
}
