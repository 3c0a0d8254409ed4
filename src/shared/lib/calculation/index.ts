import {
  attach,
  createEvent,
  createStore,
  type Effect,
  type Event,
  type EventCallable,
  sample,
  type Store,
  type Unit,
} from 'effector';
import { debounce } from 'patronum';
import { timings } from '../../config';

/** The units of one form's calculation (what createCalculation makes). */
export interface Calculation<Q, R> {
  /** Price this query now, without waiting for typing to stop (e.g. figures to refresh after a refusal). */
  calculate: EventCallable<Q>;
  /** The newest answer, for exactly what the input says now; null while none is. */
  $result: Store<R | null>;
  /** A calculation is on its way. */
  $pending: Store<boolean>;
  /** An answer was taken (the newest one, for what the input says now). */
  done: Event<R>;
}

/**
 * A form's calculation: what the input says is priced once it has stopped changing
 * (`timings.calculationDebounceMs`), and only the newest calculation's answer counts, and only while
 * the input still says what was priced (a slow answer for an older amount is dropped).
 * - `source`: what to price now, null for nothing (a field is empty or wrong). A store, or an event
 *   when the input is derived from the result itself (a problem the calculation shows gates it).
 * - `effect`: the call; a null answer or a failure (a 5xx, offline: the request layer's toast) keeps what is shown.
 * - `reset`: the units that forget the result (the query changed, the form closed).
 */
export function createCalculation<Q extends P, R, P = Q>(config: {
  source: Store<Q | null> | Event<Q | null>;
  effect: Effect<P, R | null, unknown>;
  reset: Unit<unknown>[];
}): Calculation<Q, R> {
  const { source, reset } = config;
  const calculate = createEvent<Q>();

  /**
   * Calculations are numbered, and so are changes of the input: an answer counts only while its
   * number is the newest, so neither an older calculation's answer nor one for what the input no
   * longer says is taken. The counter moves (`.on`) before the call below reads it.
   */
  const $read = createStore(0)
    .on(source, (read) => read + 1)
    .on(calculate, (read) => read + 1);
  const calculateFx = attach({ effect: config.effect, mapParams: ({ query }: { query: Q; read: number }): P => query });

  const settled: Event<Q | null> = debounce({
    source: source as Event<Q | null>,
    timeout: timings.calculationDebounceMs,
  });
  sample({ clock: settled, filter: (query): query is Q => query !== null, target: calculate });
  sample({ clock: calculate, source: $read, fn: (read, query) => ({ query, read }), target: calculateFx });

  const done = sample({
    clock: calculateFx.done,
    source: $read,
    filter: (read, { params, result }) => params.read === read && result !== null,
    fn: (_, { result }) => result as R,
  });

  const $result = createStore<R | null>(null)
    .on(done, (_, result) => result)
    .reset(reset);
  return { calculate, $result, $pending: calculateFx.pending, done };
}
