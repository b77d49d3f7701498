import type { PageMessage } from '../../../domain/sw-messages.ts';
import { i18n } from '../../lib/i18n.ts';
import { keepLanguageOffline } from '../../lib/offline-language.ts';

/** How long a refresh waits for the new worker to finish installing before reloading anyway. */
const INSTALL_WAIT_MS = 10_000;
/** How long a refresh waits for the new worker to take control before reloading anyway. */
const TAKEOVER_WAIT_MS = 5_000;

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;
const waitingListeners = new Set<() => void>();

/**
 * Registers sw.js once per page. A new worker installs in the background and
 * waits: it takes over only when the customer presses Refresh. workbox-window
 * is loaded here, after the first screen, not with it. The worker is then told
 * the interface's language, the one whose files it keeps offline.
 */
export function registerServiceWorker(): void {
  if (registration || !('serviceWorker' in navigator)) return;
  registration = import('workbox-window')
    .then(async ({ Workbox }) => {
      const workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => {
        for (const listener of waitingListeners) listener();
      });
      const registered = await workbox.register();
      // the worker precaches only the language it is told of (a first install waits for this)
      await keepLanguageOffline(i18n.locale);
      return registered;
    })
    .catch((error: unknown) => {
      console.warn('service worker registration failed', error);
      return undefined;
    });
}

/** Calls `listener` whenever a new worker has installed and waits to take over; returns the unsubscribe. */
export function onWorkerWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/** Ask the browser to fetch sw.js now, so the new release is installed by the time the customer refreshes. */
export async function fetchWorkerUpdate(): Promise<void> {
  const current = await registration;
  await current?.update().catch(() => undefined);
}

function settled(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, INSTALL_WAIT_MS);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installing') return;
      clearTimeout(timer);
      resolve();
    });
  });
}

async function waitingWorker(current: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (current.waiting) return current.waiting;
  if (!current.installing) await current.update().catch(() => undefined);
  if (current.installing) await settled(current.installing);
  return current.waiting;
}

/**
 * The Refresh button: let the waiting worker take over, then reload into the
 * new release. Without a waiting worker (none registered, or nothing new to
 * install) a plain reload fetches the new files.
 */
export async function refreshToNewVersion(): Promise<void> {
  const current = await registration;
  const worker = current ? await waitingWorker(current) : null;
  if (!worker) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  setTimeout(() => window.location.reload(), TAKEOVER_WAIT_MS);
  worker.postMessage({ type: 'SKIP_WAITING' } satisfies PageMessage);
}
