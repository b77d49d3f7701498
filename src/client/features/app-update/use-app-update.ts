import { useCallback, useEffect, useReducer, useState } from 'react';
import { is } from 'superstruct';
import { afterFirstPaint } from '../../lib/first-paint.ts';
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

/**
 * Registers the service worker and polls /version.json (production builds
 * only: development has neither), both after the first paint, so the
 * worker's script and its precache do not share a slow network with the
 * first screen. A different version starts the new worker installing at
 * once so Refresh is quick.
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
    void afterFirstPaint().then(() => {
      registerServiceWorker();
      void poll();
    });
    // A freshly installed worker means a new release: ask now rather than at the next tick.
    const stopListening = onWorkerWaiting(() => void poll());
    const timer = setInterval(() => void poll(), VERSION_CHECK_INTERVAL_MS);
    return () => {
      controller.abort();
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
