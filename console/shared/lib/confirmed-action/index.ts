import {
  attach,
  combine,
  createEvent,
  createStore,
  sample,
  type Effect,
  type EventCallable,
  type Store,
} from 'effector';

/** The units of one confirmed action (what createConfirmedAction makes). */
export interface ConfirmedAction<Target, Result> {
  /** The operator pressed the action's button for `target`: the confirmation opens (not while one runs). */
  requested: EventCallable<Target>;
  /** The dialog's Confirm: the action runs, once (a second press while it runs does nothing). */
  confirmed: EventCallable<void>;
  /** The dialog's Cancel (or Escape). */
  cancelled: EventCallable<void>;
  /** What the open confirmation is about; null when none is open. */
  $asking: Store<Target | null>;
  /** The dialog's required text (a reason, a resolution), when the action takes one. */
  $text: Store<string>;
  textChanged: EventCallable<string>;
  /** Confirm was pressed with the required text empty: the dialog says it is required. */
  $textMissing: Store<boolean>;
  /** The action is on its way: its buttons are disabled. */
  $pending: Store<boolean>;
  /** It succeeded: what it was about and the server's answer. */
  done: EventCallable<{ target: Target; result: Result }>;
  /** It failed (the toast is the request layer's): what it was about. */
  failed: EventCallable<Target>;
}

/**
 * A state-changing operator action behind a confirmation dialog, sent once: `requested(target)` opens
 * the dialog, `confirmed` runs `effect` with `toParams(target, text)`; while it runs neither a new
 * request nor a second confirmation goes through (nor while `busy`). With `textRequired` the dialog's text must not be
 * blank (a rejection's reason, a treasury resolution).
 */
export function createConfirmedAction<Target, Params, Result>(config: {
  effect: Effect<Params, Result, unknown>;
  toParams: (target: Target, text: string) => Params;
  textRequired?: boolean;
  /** Another action on the same things is on its way (a refund beside a retry): this one waits too. */
  busy?: Store<boolean>;
}): ConfirmedAction<Target, Result> {
  const requested = createEvent<Target>();
  const confirmed = createEvent();
  const cancelled = createEvent();
  const textChanged = createEvent<string>();
  const done = createEvent<{ target: Target; result: Result }>();
  const failed = createEvent<Target>();

  const runFx = attach({
    effect: config.effect,
    mapParams: ({ target, text }: { target: Target; text: string }) => config.toParams(target, text),
  });
  const $pending = runFx.pending;
  const $blocked = config.busy ? combine($pending, config.busy, (own, other) => own || other) : $pending;

  const opened = sample({ clock: requested, filter: $blocked.map((blocked) => !blocked) });
  const $asking = createStore<Target | null>(null, { serialize: 'ignore' })
    .on(opened, (_, target) => target)
    .reset(cancelled, runFx.finally);
  const $text = createStore('')
    .on(textChanged, (_, text) => text)
    .reset(opened);
  const $textMissing = createStore(false)
    .on(textChanged, () => false)
    .reset(opened);

  const attempt = sample({
    clock: confirmed,
    source: { target: $asking, text: $text, pending: $blocked },
    filter: ({ target, pending }) => target !== null && !pending,
  });
  const textOk = (text: string) => !config.textRequired || text.trim().length > 0;
  sample({
    clock: attempt,
    filter: ({ text }) => textOk(text),
    fn: ({ target, text }) => ({ target: target as Target, text: text.trim() }),
    target: runFx,
  });
  sample({ clock: attempt, filter: ({ text }) => !textOk(text), fn: () => true, target: $textMissing });

  sample({ clock: runFx.done, fn: ({ params, result }) => ({ target: params.target, result }), target: done });
  sample({ clock: runFx.fail, fn: ({ params }) => params.target, target: failed });

  return { requested, confirmed, cancelled, $asking, $text, textChanged, $textMissing, $pending, done, failed };
}
