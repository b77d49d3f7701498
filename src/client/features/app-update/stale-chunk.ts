/** sessionStorage: when a stale chunk last sent this tab to the new release (no reload loop if the server is broken). */
const LAST_RELOAD_KEY = 'stale-chunk-reload-at';
const LOOP_GUARD_MS = 30_000;

/** What the handler needs of the router. */
export interface Navigations {
  /** where the navigation under way goes; undefined when none is (a link preloaded on hover or focus) */
  pendingTarget(): string | undefined;
  /** calls `go` once, with the next navigation's target, before that navigation loads anything */
  onNextNavigation(go: (href: string) => void): void;
}

/**
 * A release replaced the route chunks this page was built with: a lazy route
 * of the old version fails to load (Vite's `vite:preloadError`). Instead of
 * breaking the session, load the page being opened afresh, from the new
 * version. The service worker normally still serves the old chunks from its
 * precache until the customer refreshes; this covers pages it does not control.
 *
 * A chunk preloaded on a link's hover or focus can fail before any navigation
 * (on a slow phone the click comes after the failure): then nothing reloads
 * under the customer, and the next navigation, the click, goes to its page as
 * a fresh load of the new release.
 */
export function reloadIntoNewVersionOnStaleChunk(navigations: Navigations): void {
  let waiting = false;
  const go = (href: string) => {
    sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    window.location.assign(href);
  };
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (Date.now() - last < LOOP_GUARD_MS) return;
    event.preventDefault();
    const target = navigations.pendingTarget();
    if (target !== undefined) go(target);
    else if (!waiting) {
      waiting = true;
      navigations.onNextNavigation(go);
    }
  });
}
