/** sessionStorage: when a stale chunk last sent this tab to the new release (no reload loop if the server is broken). */
const LAST_RELOAD_KEY = 'stale-chunk-reload-at';
const LOOP_GUARD_MS = 30_000;
/** how long after a link is pointed at, focused or touched a failure counts as that link's preload */
const INTENT_MS = 5_000;

/** What the handler needs of the router. */
export interface Navigations {
  /** where the navigation under way goes; undefined when none is */
  pendingTarget(): string | undefined;
  /** the page being shown */
  currentHref(): string;
  /** calls `go` once, with the next navigation's target, before that navigation loads anything */
  onNextNavigation(go: (href: string) => void): void;
}

/**
 * A release replaced the chunks this page was built with: a lazy chunk of
 * the old version fails to load (Vite's `vite:preloadError`). Instead of
 * breaking the session, load the page being opened afresh, from the new
 * version: the navigation's target when one is under way, else the page
 * being shown. The service worker normally still serves the old chunks from
 * its precache until the customer refreshes; this covers pages it does not
 * control.
 *
 * One exception: the router preloads a link's route when the link is pointed
 * at, focused or touched, and on a slow phone that preload can fail before
 * the click. Then nothing reloads under the customer: the next navigation,
 * the click, goes to its page as a fresh load of the new release.
 */
export function reloadIntoNewVersionOnStaleChunk(navigations: Navigations): void {
  let intentAt = Number.NEGATIVE_INFINITY;
  const intent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) intentAt = performance.now();
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, intent, { capture: true, passive: true });
  }
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
    else if (performance.now() - intentAt > INTENT_MS) go(navigations.currentHref());
    else if (!waiting) {
      waiting = true;
      navigations.onNextNavigation(go);
    }
  });
}
