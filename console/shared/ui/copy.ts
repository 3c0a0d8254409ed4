import { attach, createEvent, sample } from 'effector';
import { timings } from '@shared/config';
import { $consoleT } from '../i18n';
import { copyTextFx } from '@shared/lib/clipboard';
import { showToast } from '@shared/ui/toast';

/** The operator pressed a value's copy button (an address, a hash): the whole value goes to the clipboard. */
export const valueCopyClicked = createEvent<string>();

const copyFx = attach({ effect: copyTextFx });
sample({ clock: valueCopyClicked, target: copyFx });
sample({
  clock: copyFx.done,
  source: $consoleT,
  fn: (t) => ({ text: t('common.copied'), kind: 'success' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({
  clock: copyFx.fail,
  source: $consoleT,
  fn: (t) => ({ text: t('common.copyFailed'), kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
