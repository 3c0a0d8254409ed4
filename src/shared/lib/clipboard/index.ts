import { createEffect } from 'effector';

/**
 * Copies text (SPEC §8): the Clipboard API where the page may use it, else a temporary text area and
 * the old copy command ('Clipboard API not available' falls back). Fails when neither copies.
 */
export const copyTextFx = createEffect(async (text: string): Promise<void> => {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, not focused, insecure context): the text area below still works.
    }
  }
  copyWithTextArea(text);
});

function copyWithTextArea(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Clipboard API not available');
  } finally {
    area.remove();
  }
}
