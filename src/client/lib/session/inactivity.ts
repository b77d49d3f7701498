import type { AppStore } from './app-store.ts';
import { isAuthenticatedAtom } from './session-atoms.ts';

/** SPEC §9: log out after 60 minutes without activity, checked every 60 seconds. */
export const INACTIVITY_LIMIT_MS = 60 * 60_000;
export const INACTIVITY_CHECK_MS = 60_000;

/** Shared by every tab of the app, so activity in one keeps the others signed in. */
const LAST_ACTIVITY_KEY = 'last-activity';
/** Activity is written to storage at most this often. */
const WRITE_EVERY_MS = 10_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export interface InactivityWatchOptions {
  store: AppStore;
  onExpire: () => void;
  now?: () => number;
}

/**
 * Watch for user activity while signed in and call `onExpire` once the user
 * has been idle for the limit. Checks run every minute and when the tab comes
 * back into view (background timers are throttled) and once at start, so a
 * session left idle in a closed tab ends when the app opens. Returns a stop function.
 */
export function watchInactivity({ store, onExpire, now = Date.now }: InactivityWatchOptions): () => void {
  let lastWrite = 0;
  const record = () => {
    const at = now();
    if (at - lastWrite < WRITE_EVERY_MS) return;
    lastWrite = at;
    localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  };
  const lastActivity = () => Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;

  let stopped = false;
  const check = () => {
    if (stopped || !store.get(isAuthenticatedAtom)) return;
    if (lastActivity() === 0) return record();
    if (now() - lastActivity() >= INACTIVITY_LIMIT_MS) {
      stop();
      onExpire();
    }
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };

  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, record, { passive: true, capture: true });
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(check, INACTIVITY_CHECK_MS);
  check();
  if (!stopped) record();

  function stop() {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, record, { capture: true });
  }
  return stop;
}
