import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIPBOARD_UNAVAILABLE, copyText, copyTextFx } from '@/shared/lib/clipboard';

/*
 * docs/product.md §8: copying uses the Clipboard API; when it is missing ('Clipboard API not available') or
 * refuses, a temporary text-area is selected and copied with execCommand('copy').
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** document.execCommand as the browser has it: records what was selected when 'copy' ran. */
function stubExecCommand(result: boolean) {
  const copied: string[] = [];
  const execCommand = vi.fn((command: string) => {
    const area =
      document.activeElement instanceof HTMLTextAreaElement
        ? document.activeElement
        : document.querySelector('textarea');
    if (command === 'copy' && area) copied.push(area.value);
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
  return { execCommand, copied };
}

describe('copyTextFx', () => {
  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { execCommand } = stubExecCommand(true);
    const result = await allSettled(copyTextFx, { scope: fork(), params: 'https://t.me/bot/app?startapp=A' });
    expect(result.status).toBe('done');
    expect(writeText).toHaveBeenCalledWith('https://t.me/bot/app?startapp=A');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('without the Clipboard API copies through a temporary text-area, which is then removed', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const { execCommand, copied } = stubExecCommand(true);
    const result = await allSettled(copyTextFx, { scope: fork(), params: 'https://t.me/bot/app?startapp=B' });
    expect(result.status).toBe('done');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toEqual(['https://t.me/bot/app?startapp=B']);
    expect(document.querySelectorAll('textarea')).toHaveLength(0);
  });

  it('falls back too when the Clipboard API refuses', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { copied } = stubExecCommand(true);
    const result = await allSettled(copyTextFx, { scope: fork(), params: 'link' });
    expect(result.status).toBe('done');
    expect(copied).toEqual(['link']);
  });

  it('fails only when both ways fail', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    stubExecCommand(false);
    const result = await allSettled(copyTextFx, { scope: fork(), params: 'link' });
    expect(result.status).toBe('fail');
    expect((result.value as Error).message).toBe(CLIPBOARD_UNAVAILABLE);
  });
});

describe('copyText', () => {
  it('takes its environment as a parameter', async () => {
    const copyWithTextArea = vi.fn(() => true);
    await copyText('x', { clipboard: undefined, copyWithTextArea });
    expect(copyWithTextArea).toHaveBeenCalledWith('x');
  });
});
