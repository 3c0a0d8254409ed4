/** When the page is far enough for the launch script's next step (./boot.ts). Plain DOM, no package. */

/** Runs `then` once the document is parsed (the entry needs #root and the deferred scripts run). */
export function whenParsed(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then, { once: true });
  else then();
}

/**
 * Runs `then` once the page's stylesheet has loaded (or failed), at the latest when the document is
 * parsed (a page without one: the dev server). On a first launch the entry's download would share the
 * line with the stylesheet, which every paint waits for: the loader's and the first look's.
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
  // A <link>'s load and error events do not bubble: caught on the way down.
  const loaded = (event: Event) => {
    if (event.target instanceof HTMLLinkElement && event.target.rel === 'stylesheet') run();
  };
  document.addEventListener('load', loaded, true);
  document.addEventListener('error', loaded, true);
  whenParsed(run);
}
