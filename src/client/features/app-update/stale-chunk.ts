/** sessionStorage: when a stale chunk last sent this tab to the new release (no reload loop if the server is broken). */
const LAST_RELOAD_KEY = 'stale-chunk-reload-at';
const LOOP_GUARD_MS = 30_000;

/**
 * A release replaced the route chunks this page was built with: a lazy route
 * of the old version fails to load (Vite's `vite:preloadError`). Instead of
 * breaking the session, load the page being opened afresh, from the new
 * version. The service worker normally still serves the old chunks from its
 * precache until the customer refreshes; this covers pages it does not control.
 */
export function reloadIntoNewVersionOnStaleChunk(target: () => string): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (Date.now() - last < LOOP_GUARD_MS) return;
    event.preventDefault();
    sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    window.location.assign(target());
  });
}
