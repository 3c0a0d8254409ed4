/** docs/product.md §8: the text of the failure that sends the copy to the temporary text-area. */
export const CLIPBOARD_UNAVAILABLE = 'Clipboard API not available';

export interface CopyEnvironment {
  /** The async Clipboard API; missing in older WebViews and on plain http. */
  clipboard: Pick<Clipboard, 'writeText'> | undefined;
  /** The old way: copies the text through a temporary text-area; true when the browser says it did. */
  copyWithTextArea: (text: string) => boolean;
}

/**
 * Puts the text on the clipboard: the Clipboard API, and when it is missing or refuses (no
 * permission, not a secure context, the WebView's own limits), a temporary text-area copied with
 * execCommand('copy'), as docs/product.md §8 has it. Rejects only when both ways fail.
 */
export async function copyText(text: string, environment: CopyEnvironment = browserEnvironment()): Promise<void> {
  try {
    if (!environment.clipboard) throw new Error(CLIPBOARD_UNAVAILABLE);
    await environment.clipboard.writeText(text);
    return;
  } catch {
    // Falls through to the text-area.
  }
  if (!environment.copyWithTextArea(text)) throw new Error(CLIPBOARD_UNAVAILABLE);
}

function browserEnvironment(): CopyEnvironment {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  return { clipboard: clipboard ?? undefined, copyWithTextArea };
}

/** A read-only text-area out of sight, selected and copied, then removed; the focus goes back. */
export function copyWithTextArea(text: string): boolean {
  if (typeof document === 'undefined' || !document.body) return false;
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  // Off screen but rendered (a hidden element cannot be selected); 16 px stops iOS zooming in.
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px;';
  document.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previousFocus?.focus();
  }
}
