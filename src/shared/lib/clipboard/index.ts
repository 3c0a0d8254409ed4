import { createEffect } from 'effector';
import { copyText } from './copy-text';

export { CLIPBOARD_UNAVAILABLE, copyText, copyWithTextArea, type CopyEnvironment } from './copy-text';

/** Copies a text (a referral or farm link) to the clipboard; fails only when no way of copying worked. */
export const copyTextFx = createEffect<string, void>((text) => copyText(text));
