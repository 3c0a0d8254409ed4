/**
 * The launch script's waits (src/shared/launch/page-ready.ts): the entry's preload waits for the page's
 * stylesheet (a first launch's paint waits for it), and never longer than the document's parse.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterStylesheet } from '@/shared/launch/page-ready';

/** The document as the launch script finds it: still being parsed. */
function parsing() {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState');
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

const linkOf = (rel: string) => {
  const link = document.createElement('link');
  link.rel = rel;
  document.head.append(link);
  return link;
};

describe('afterStylesheet', () => {
  it('runs once the stylesheet has loaded, not on another link’s load, and once only', () => {
    parsing();
    const then = vi.fn();
    afterStylesheet(then);
    linkOf('icon').dispatchEvent(new Event('load'));
    expect(then).not.toHaveBeenCalled();
    const stylesheet = linkOf('stylesheet');
    stylesheet.dispatchEvent(new Event('load'));
    expect(then).toHaveBeenCalledTimes(1);
    stylesheet.dispatchEvent(new Event('load'));
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs when the stylesheet fails too', () => {
    parsing();
    const then = vi.fn();
    afterStylesheet(then);
    linkOf('stylesheet').dispatchEvent(new Event('error'));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs when the document is parsed without a stylesheet having loaded (the dev server has none)', () => {
    parsing();
    const then = vi.fn();
    afterStylesheet(then);
    expect(then).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at once on a page already parsed', () => {
    const then = vi.fn();
    afterStylesheet(then);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
