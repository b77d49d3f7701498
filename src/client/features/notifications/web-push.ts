import { notificationsApi } from '../../../domain/contract/notifications.ts';
import { call } from '../../lib/api/client.ts';

/** Whether this browser can receive web push at all (a worker, PushManager and notifications). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * Whether to ask this browser for push at all: it can push, its permission is not decided yet, and our worker is
 * registered (without one, `navigator.serviceWorker.ready` never settles and a subscription could not be made).
 */
export async function pushAskable(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  return (await navigator.serviceWorker.getRegistration().catch(() => undefined)) !== undefined;
}

/** base64url (the server's VAPID key) to the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Hands this browser's subscription to the server, bound to the signed-in customer and session. */
async function register(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await call(notificationsApi.subscribePush, {
    body: {
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

/**
 * The customer said yes to notifications: ask the browser's permission,
 * subscribe with our VAPID key and bind the subscription to them. False when
 * the browser or the customer refused.
 */
export async function subscribeThisBrowser(): Promise<boolean> {
  if (!pushSupported() || (await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await call(notificationsApi.getPushPublicKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  await register(subscription);
  return true;
}
