import { useCallback, useEffect, useReducer, useState } from 'react';
import { is } from 'superstruct';
import { fetchWorkerUpdate, onWorkerWaiting, refreshToNewVersion, registerServiceWorker } from './service-worker.ts';
import { NO_NOTICE, noticeAfterPoll, noticeHidden, type UpdateNotice, VersionFile } from './version-check.ts';

/** SPEC §9. */
const VERSION_CHECK_INTERVAL_MS = 30_000;
const MINOR_NOTICE_MS = 15_000;

type NoticeEvent = { type: 'polled'; remote: VersionFile } | { type: 'hide' };

function reduce(notice: UpdateNotice, event: NoticeEvent): UpdateNotice {
  return event.type === 'polled' ? noticeAfterPoll(notice, __APP_VERSION__, event.remote) : noticeHidden(notice);
}

/** The deployed release, or undefined when offline or the answer is not a version file. */
async function fetchRemoteVersion(signal: AbortSignal): Promise<VersionFile | undefined> {
  try {
    const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store', signal });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    return is(body, VersionFile) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** At most this long after the app mounts, the first screen is taken as drawn (a tab opened in the background paints nothing). */
const FIRST_PAINT_WAIT_MS = 3_000;

/**
 * Calls `start` once the page has painted its first content, and returns a cancel: the worker's install (the whole
 * precache) and the version poll then wait for the first screen instead of sharing a slow phone's network with it.
 */
function afterFirstPaint(start: () => void): () => void {
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
  const run = () => {
    cancel();
    timer = setTimeout(start, 0);
  };
  timer = setTimeout(run, FIRST_PAINT_WAIT_MS);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  return cancel;
}

/**
 * Registers the service worker and polls /version.json (production builds
 * only: development has neither), both once the first screen is painted. A different version starts the new worker
 * installing at once so Refresh is quick.
 */
export function useAppUpdate(enabled: boolean) {
  const [notice, dispatch] = useReducer(reduce, NO_NOTICE);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let lastRemote = __APP_VERSION__;
    const poll = async () => {
      const remote = await fetchRemoteVersion(controller.signal);
      if (!remote || controller.signal.aborted) return;
      dispatch({ type: 'polled', remote });
      // Once per release, not on every poll: sw.js is fetched in full each time.
      if (remote.version !== lastRemote) void fetchWorkerUpdate();
      lastRemote = remote.version;
    };
    // A freshly installed worker means a new release: ask now rather than at the next tick.
    const stopListening = onWorkerWaiting(() => void poll());
    let timer: ReturnType<typeof setInterval> | undefined;
    const cancelStart = afterFirstPaint(() => {
      registerServiceWorker();
      void poll();
      timer = setInterval(() => void poll(), VERSION_CHECK_INTERVAL_MS);
    });
    return () => {
      controller.abort();
      cancelStart();
      clearInterval(timer);
      stopListening();
    };
  }, [enabled]);

  useEffect(() => {
    if (notice.showing !== 'minor') return;
    const timer = setTimeout(() => dispatch({ type: 'hide' }), MINOR_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const refresh = useCallback(() => {
    setRefreshing(true);
    void refreshToNewVersion();
  }, []);

  return { showing: notice.showing, refreshing, refresh };
}
