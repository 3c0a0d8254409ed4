/**
 * The launch script's waits (src/shared/launch/page-ready.ts): what is drawn with the page's stylesheet
 * (the first look, the app) and the entry's preload wait for it. It sits at the end of <body>, so the
 * document may be parsed while it still loads: that is waited for too; a page without one is not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterStylesheet } from '@/shared/launch/page-ready';

/** The document as the launch script finds it: still being parsed. */
function parsing() {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState');
  document.querySelectorAll('link').forEach((link) => link.remove());
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

  it('waits past the parse for a stylesheet still loading (at the end of <body>, it holds no paint)', () => {
    parsing();
    const then = vi.fn();
    afterStylesheet(then);
    const stylesheet = linkOf('stylesheet');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(then).not.toHaveBeenCalled();
    stylesheet.dispatchEvent(new Event('load'));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('on a parsed page, waits for a stylesheet still loading, and not for one that already failed', () => {
    const loading = linkOf('stylesheet');
    const waiting = vi.fn();
    afterStylesheet(waiting);
    expect(waiting).not.toHaveBeenCalled();
    loading.dispatchEvent(new Event('error'));
    expect(waiting).toHaveBeenCalledTimes(1);
    // Failed before anyone asked: it has no sheet, and it is not waited for.
    const late = vi.fn();
    afterStylesheet(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('runs at once on a page already parsed', () => {
    const then = vi.fn();
    afterStylesheet(then);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
