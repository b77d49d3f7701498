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
 * Two exceptions. The router preloads a link's route when the link is pointed
 * at, focused or touched, and on a slow phone that preload can fail before
 * the click. Then nothing reloads under the customer: the next navigation,
 * the click, goes to its page as a fresh load of the new release. And when
 * nothing is being opened (a part of the page shown, or the catalog's rest
 * loading after the first paint), the page reloads only once the server says
 * another release is live: on a flaky network the chunk is not gone, and
 * whoever asked for it sees the failure and asks again.
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
    const target = navigations.pendingTarget();
    if (target === undefined && performance.now() - intentAt > INTENT_MS) {
      void anotherReleaseIsLive().then((live) => live && go(navigations.currentHref()));
      return;
    }
    event.preventDefault();
    if (target !== undefined) go(target);
    else if (!waiting) {
      waiting = true;
      navigations.onNextNavigation(go);
    }
  });
}

/** Whether the server now names another release than this page's (SPEC §3 version file); not when it cannot tell. */
async function anotherReleaseIsLive(): Promise<boolean> {
  try {
    const { version } = (await (await fetch('/version.json', { cache: 'no-store' })).json()) as { version?: unknown };
    return typeof version === 'string' && version !== __APP_VERSION__;
  } catch {
    return false;
  }
}
