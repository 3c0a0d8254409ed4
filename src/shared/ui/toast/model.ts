import { createEffect, createEvent, createStore, sample } from 'effector';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

export interface ShowToastParams {
  text: string;
  kind?: ToastKind;
  /** docs/product.md §9: 15 s unless the caller says otherwise (errors pass 3 s). */
  durationMs?: number;
}

export const DEFAULT_TOAST_DURATION_MS = 15_000;

export const showToast = createEvent<ShowToastParams>();
export const toastDismissed = createEvent<number>();

const $lastToastId = createStore(0);
export const $toasts = createStore<Toast[]>([]);

const toastShown = sample({
  clock: showToast,
  source: $lastToastId,
  fn: (lastId, { text, kind = 'info', durationMs = DEFAULT_TOAST_DURATION_MS }) => ({
    toast: { id: lastId + 1, text, kind },
    durationMs,
  }),
});

/** Each toast's own timer: resolves with the toast id once its duration has passed. */
export const waitToastDurationFx = createEffect(
  ({ id, durationMs }: { id: number; durationMs: number }) =>
    new Promise<number>((resolve) => setTimeout(() => resolve(id), durationMs)),
);

$lastToastId.on(toastShown, (_, { toast }) => toast.id);
$toasts
  .on(toastShown, (toasts, { toast }) => [...toasts, toast])
  .on(toastDismissed, (toasts, id) => toasts.filter((toast) => toast.id !== id));

sample({
  clock: toastShown,
  fn: ({ toast, durationMs }) => ({ id: toast.id, durationMs }),
  target: waitToastDurationFx,
});
sample({ clock: waitToastDurationFx.doneData, target: toastDismissed });
