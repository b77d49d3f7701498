import { is } from 'superstruct';
import { API_BASE_PATHS } from '../src/domain/contract/endpoint.ts';
import { notificationsApi } from '../src/domain/contract/notifications.ts';
import { PushPayload, type PushReceivedMessage } from '../src/domain/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';

function readPayload(data: PushMessageData | null): PushPayload | undefined {
  if (!data) return undefined;
  try {
    const payload: unknown = data.json();
    return is(payload, PushPayload) ? payload : undefined;
  } catch {
    return undefined;
  }
}

function windows(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/**
 * A push becomes a system notification, unless the customer is looking at
 * Sarraf right now: then every open window is told and shows it in the app.
 */
async function onPush(data: PushMessageData | null): Promise<void> {
  const payload = readPayload(data);
  if (!payload) {
    console.warn('push ignored: payload does not match PushPayload');
    return;
  }
  const open = await windows();
  if (open.some((client) => client.focused)) {
    const message: PushReceivedMessage = { type: 'PUSH_RECEIVED', payload };
    for (const client of open) client.postMessage(message);
    return;
  }
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: ICON,
    badge: ICON,
    data: { url: payload.url, category: payload.category },
  });
}

/** Brings the window forward where the browser allows it; refused, it is on the target all the same. */
async function focus(client: WindowClient): Promise<void> {
  await client.focus().catch((error: unknown) => console.warn('window not focused', error));
}

/** Focus a window already on the target, else bring the best one there, else open one. */
async function openApp(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const open = await windows();
  const exact = open.find((client) => client.url === target);
  if (exact) {
    await focus(exact);
    return;
  }
  const best = open.find((client) => client.focused) ?? open.find((c) => c.visibilityState === 'visible') ?? open[0];
  const moved = best ? await best.navigate(target).catch(() => null) : null;
  if (moved) {
    await focus(moved);
    return;
  }
  await self.clients.openWindow(target);
}

function targetOf(notification: Notification): string {
  const data: unknown = notification.data;
  const url = typeof data === 'object' && data !== null && 'url' in data ? data.url : undefined;
  return is(url, PushPayload.schema.url) ? url : '/';
}

/** What Chromium and Firefox hand the worker when the push service replaced the subscription. */
interface SubscriptionChange extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

/** Where the worker tells the server (the main API's `renewPush` entry). */
const RENEW_PATH = `${API_BASE_PATHS.main}${notificationsApi.renewPush.path}`;

/**
 * The push service replaced this browser's subscription (it expired, or its
 * keys changed): subscribe again with the old one's options when the browser
 * has not, and have the server move the customer's pushes to the new one,
 * proving with the old endpoint and its secret that this is that browser (no
 * session is needed, and the page may be closed). Without the old
 * subscription there is nothing to prove with: the next visit's page
 * subscribes afresh.
 */
async function onSubscriptionChange(event: SubscriptionChange): Promise<void> {
  const old = event.oldSubscription;
  const auth = old?.toJSON().keys?.auth;
  if (!old || !auth) return;
  const fresh =
    event.newSubscription ??
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: old.options.applicationServerKey,
    }));
  const answer = await fetch(RENEW_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ old: { endpoint: old.endpoint, auth }, new: fresh.toJSON() }),
    credentials: 'omit',
  });
  if (!answer.ok) console.warn('push subscription not renewed', answer.status);
}

export function registerPush(): void {
  self.addEventListener('pushsubscriptionchange', (event) =>
    (event as SubscriptionChange).waitUntil(onSubscriptionChange(event as SubscriptionChange)),
  );
  self.addEventListener('push', (event) => event.waitUntil(onPush(event.data)));
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openApp(targetOf(event.notification)));
  });
}
