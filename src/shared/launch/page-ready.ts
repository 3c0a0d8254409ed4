/** When the page is far enough for the launch script's next step (./boot.ts). Plain DOM, no package. */

/** Runs `then` once the document is parsed (the entry needs #root and the deferred scripts run). */
export function whenParsed(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then, { once: true });
  else then();
}

const isStylesheet = (target: EventTarget | null): target is HTMLLinkElement =>
  target instanceof HTMLLinkElement && target.rel === 'stylesheet';

/**
 * The stylesheets whose load or error this page has seen since the launch script ran (it runs in
 * <head>, before any: a <link>'s events do not bubble, so they are caught on the way down). A failed
 * stylesheet has no `sheet`, like one still loading: this tells the two apart.
 */
const settled = new WeakSet<HTMLLinkElement>();
const record = (event: Event) => {
  if (isStylesheet(event.target)) settled.add(event.target);
};
document.addEventListener('load', record, true);
document.addEventListener('error', record, true);

/** A stylesheet of the page that has neither loaded nor failed yet. */
const stylesheetPending = (): boolean =>
  Array.from(document.querySelectorAll('link[rel="stylesheet"]')).some(
    (link) => link instanceof HTMLLinkElement && link.sheet === null && !settled.has(link),
  );

/**
 * Runs `then` once the page's stylesheet has loaded (or failed). The stylesheet is at the end of
 * <body> (vite.config.ts `stylesheetAfterLoader`), so it holds no paint of the static loader before it:
 * what the app draws with its classes — the first look, the app's own screens — waits for it here. A
 * page parsed with no stylesheet still loading (the dev server has none) runs at once.
 */
export function afterStylesheet(then: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    document.removeEventListener('load', loaded, true);
    document.removeEventListener('error', loaded, true);
    then();
  };
  const loaded = (event: Event) => {
    if (isStylesheet(event.target)) run();
  };
  document.addEventListener('load', loaded, true);
  document.addEventListener('error', loaded, true);
  // Parsed, every stylesheet of the page is known: none still loading, there is nothing to wait for.
  whenParsed(() => {
    if (!stylesheetPending()) run();
  });
}
