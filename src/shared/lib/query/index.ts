import {
  attach,
  combine,
  createStore,
  sample,
  type Effect,
  type Event,
  type Store,
  type StoreWritable,
} from 'effector';

/** Where a query is: never asked, on its way, its last read answered, its last read failed. */
export type QueryStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The units of one query (what createQuery makes). */
export interface Query<P, T, A> {
  /** Read (again): the screen opens, a change was pushed, Try again. */
  start: Effect<P, A, unknown>;
  /** What the answers made, from `initial`; writable so a slice can merge live pushes into it. */
  $data: StoreWritable<T>;
  $status: Store<QueryStatus>;
  /** A read is on its way. */
  $pending: Store<boolean>;
  /** A read has answered: an empty list now means "nothing", not "not read yet". */
  $loaded: Store<boolean>;
  /** A read has settled, answered or not: the screen stops waiting for the first one. */
  $settled: Store<boolean>;
  /** The last settled read failed (network, or a 5xx the request layer answered null); a new read keeps it until it settles. */
  $failed: Store<boolean>;
  /** A read answered (not null), and what it was asked. */
  done: Event<{ params: P; result: NonNullable<A> }>;
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
  const done = readFx.done.filter({
    fn: (answer): answer is { params: P; result: NonNullable<A> } => answer.result != null,
  });
  const $data = createStore(config.initial);
  const answered = sample({
    clock: done,
    source: $data,
    fn: (known, { params, result }) => reduce(result, known, params),
  });
  $data.on(answered, (_, data) => data);
  // A change made to the data while a read was on its way (a pushed item; not another read's answer) may be
  // newer than what that read answers, which replaces it: read once more when it answers.
  const $answer = createStore<unknown>(null).on(answered, (_, data) => data);
  const $changedWhileReading = createStore(false).on(readFx, () => false);
  sample({
    clock: $data,
    source: { pending: readFx.pending, answer: $answer },
    filter: ({ pending, answer }, data) => pending && data !== answer,
    fn: () => true,
    target: $changedWhileReading,
  });
  sample({ clock: done, filter: $changedWhileReading, fn: ({ params }) => params, target: readFx });
  const $loaded = createStore(false).on(done, () => true);
  const $settled = createStore(false).on(readFx.finally, () => true);
  const $failed = createStore(false)
    .on(readFx.doneData, (_, answer) => answer === null)
    .on(readFx.fail, () => true);
  const $status = combine(readFx.pending, $failed, $settled, (pending, failed, settled): QueryStatus =>
    pending ? 'loading' : failed ? 'failed' : settled ? 'loaded' : 'idle',
  );
  return { start: readFx, $data, $status, $pending: readFx.pending, $loaded, $settled, $failed, done };
}
