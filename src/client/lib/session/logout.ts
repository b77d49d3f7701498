import { clear as clearIndexedDb } from 'idb-keyval';
import { is } from 'superstruct';
import { LogoutDoneMessage, type PageMessage } from '../../../domain/sw-messages.ts';
import { DEVICE_SETTING_KEYS } from '../local-settings.ts';
import type { AppStore } from './app-store.ts';
import { stopCustomerWrites } from './customer-data.ts';
import { accessTokenAtom, baseUrlAtom } from './session-atoms.ts';

/** Set when the session ended without the user asking; /sign-in says so once, and why. */
export const UNAUTHORIZED_FLAG_KEY = 'unauthorized';

/**
 * Why a session ended without the user asking: idle for the inactivity
 * limit; the API no longer knows the token (401: expired, or signed out
 * elsewhere); the API refused it (403: ended by us).
 */
export const SESSION_END_REASONS = ['idle', 'expired', 'terminated'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** How long sign-out waits for the service worker to drop cached API data. */
const WORKER_WIPE_TIMEOUT_MS = 2_000;

export type Navigate = (href: string) => void;

/** A full page load: nothing of the old session survives in memory. */
export const hardNavigate: Navigate = (href) => window.location.assign(href);

async function wipeWorkerCache(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  const channel = new MessageChannel();
  const done = new Promise<void>((resolve) => {
    channel.port1.onmessage = (event) => {
      if (is(event.data, LogoutDoneMessage)) resolve();
    };
    setTimeout(resolve, WORKER_WIPE_TIMEOUT_MS);
  });
  worker.postMessage({ type: 'LOGOUT' } satisfies PageMessage, [channel.port2]);
  await done;
}

/**
 * Ends this browser's push subscription, so nothing more of this customer is
 * pushed here (the push service then answers 410 and the server drops it).
 */
async function endPushSubscription(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}

function clearWebStorage(): void {
  for (const key of Object.keys(localStorage)) {
    if (!DEVICE_SETTING_KEYS.includes(key)) localStorage.removeItem(key);
  }
  sessionStorage.clear();
}

/**
 * Forget the session and every piece of personal data on this device: the
 * token, the API base, cached API answers, drafts and notifications in
 * IndexedDB, the browser's push subscription, everything in Web Storage but the device settings (language,
 * cookie consent). Answers still on their way are not stored once it has begun, in IndexedDB
 * (`setCustomerData`) nor in the worker's cache.
 */
export async function clearSession(store: AppStore): Promise<void> {
  stopCustomerWrites();
  store.set(accessTokenAtom, null);
  store.set(baseUrlAtom, null);
  clearWebStorage();
  await Promise.allSettled([wipeWorkerCache(), clearIndexedDb(), endPushSubscription()]);
}

/** The user signed out: clear everything and reload the app at its root. */
export async function logout(store: AppStore, navigate: Navigate = hardNavigate): Promise<void> {
  await clearSession(store);
  navigate('/');
}

/**
 * The session ended on its own (the API refused the token, or the user was
 * idle too long): clear everything, leave the reason for /sign-in to tell,
 * and go there with `returnTo` as its redirect. Several calls refused at
 * once end it once: the first takes the token away at once, and a later one
 * finding no token leaves it be — clearing again could take away the reason
 * the first had just left, as the page was leaving.
 */
export async function expireSession(
  store: AppStore,
  returnTo: string,
  reason: SessionEndReason,
  navigate: Navigate = hardNavigate,
): Promise<void> {
  if (store.get(accessTokenAtom) === null) return;
  await clearSession(store);
  localStorage.setItem(UNAUTHORIZED_FLAG_KEY, reason);
  navigate(`/sign-in?${new URLSearchParams({ redirect: returnTo })}`);
}

/**
 * The account was blocked or disabled while signed in (DisabledCustomer):
 * clear everything and show the account-blocked page (SPEC §6, §8).
 */
export async function endBlockedSession(store: AppStore, navigate: Navigate = hardNavigate) {
  await clearSession(store);
  navigate('/account-blocked');
}
