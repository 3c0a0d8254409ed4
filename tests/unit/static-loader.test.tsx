import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullPageLoader } from '@/shared/ui/loader';

/*
 * index.html starts with the loader's markup inside #root (painted before the app's code loads, issue
 * #14), and React's first render replaces it with <FullPageLoader/>: the two must be the same HTML, or
 * the screen would jump when React takes over.
 */
const indexHtml = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');

describe('the static loader in index.html', () => {
  it('is exactly what <FullPageLoader/> renders (in English, the language before the launch is read)', () => {
    const root = /<div id="root">(.*)<\/div>$/m.exec(indexHtml)?.[1];
    expect(root).toBeDefined();
    // React's server renderer adds a preload hint for the image; its client render (what replaces the
    // static loader) does not.
    const rendered = renderToStaticMarkup(<FullPageLoader />).replace(/^<link rel="preload" as="image"[^>]*\/>/, '');
    expect(root).toBe(rendered);
  });
});
