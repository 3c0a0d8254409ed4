export { $toasts, DEFAULT_TOAST_DURATION_MS, showToast, toastDismissed, waitToastDurationFx } from './model';
export type { ShowToastParams, Toast, ToastKind } from './model';
export { Toasts } from './Toasts';
