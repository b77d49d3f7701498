import { endpoint } from './endpoint.ts';
import { page, pageQuery } from './pages.ts';
import {
  boolean,
  enums,
  type Infer,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  size,
  string,
} from './structs.ts';

/**
 * The notifications bell's calls (SPEC §7 "GET /user/messages"), under the
 * main API base; both need the session (`x-auth-token`).
 */

export const NOTIFICATION_CATEGORIES = ['wallet', 'bonus', 'transactions'] as const;

/** One notification. Its title is a message key the client translates, filled in from `params`. */
export const Notification = object({
  id: string(),
  category: enums(NOTIFICATION_CATEGORIES),
  /** e.g. `transfer_status.processing` */
  title_key: string(),
  /** for `transfer_status.*`: trans_ref, status, beneficiary_name, receive_amount (decimal string), dest_currency */
  params: record(string(), string()),
  /** ISO 8601 */
  created_at: string(),
  /** false while the notification is new (SPEC §4: new until dismissed) */
  viewed: boolean(),
});
export type Notification = Infer<typeof Notification>;

export const NOTIFICATION_PAGE_MAX = 100;

/** GET /user/messages query: a page of `limit` (default 50), older than `before` or newer than `after`. */
export const NotificationPageQuery = pageQuery(NOTIFICATION_PAGE_MAX);

/** GET /user/messages: the whole body, a page of the customer's notifications, newest first, in `data`, and the next page's link. */
export const NotificationPage = page(Notification);
export type NotificationPage = Infer<typeof NotificationPage>;

/** `data` of POST /user/messages/:id/viewed. */
export const NotificationViewed = object({ id: string(), viewed: boolean() });
export type NotificationViewed = Infer<typeof NotificationViewed>;

/**
 * A browser's web push subscription, as `PushSubscription.toJSON()` gives it:
 * the push service's URL and the keys a push is encrypted to (base64url: a
 * 65-byte P-256 point, a 16-byte secret).
 */
export const PushSubscriptionRequest = object({
  endpoint: size(string(), 1, 2048),
  expirationTime: optional(nullable(number())),
  keys: object({
    p256dh: pattern(string(), /^[A-Za-z0-9_-]{87}$/),
    auth: pattern(string(), /^[A-Za-z0-9_-]{22}$/),
  }),
});
export type PushSubscriptionRequest = Infer<typeof PushSubscriptionRequest>;

/** `data` of POST /user/push-subscriptions. */
export const PushSubscribed = object({ id: string() });

/** Body of POST /user/push-subscriptions/remove: which browser stops receiving pushes. */
export const PushUnsubscribeRequest = object({ endpoint: size(string(), 1, 2048) });

/**
 * Body of POST /user/push-subscriptions/renew, which the service worker sends
 * when the browser replaced its subscription (`pushsubscriptionchange`): the
 * old one, proven by its endpoint and its secret (only this browser and we
 * know both), and the new one that takes its place for the same customer.
 */
export const PushRenewalRequest = object({
  old: object({ endpoint: size(string(), 1, 2048), auth: pattern(string(), /^[A-Za-z0-9_-]{22}$/) }),
  new: PushSubscriptionRequest,
});
export type PushRenewalRequest = Infer<typeof PushRenewalRequest>;

/** `data` of GET /user/push-subscriptions/key: the VAPID public key `pushManager.subscribe` needs (base64url). */
export const PushPublicKey = object({ public_key: string() });

/** The notifications area of the main API: the bell's list and "seen", and web push subscriptions. */
export const notificationsApi = {
  listNotifications: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/messages',
    auth: 'session',
    query: NotificationPageQuery,
    response: NotificationPage,
    envelope: 'body',
    offline: 'last-known',
  }),
  markNotificationViewed: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/messages/:id/viewed',
    auth: 'session',
    params: object({ id: string() }),
    response: NotificationViewed,
    notFound: 'Notification',
  }),
  getPushPublicKey: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/push-subscriptions/key',
    auth: 'none',
    response: PushPublicKey,
  }),
  subscribePush: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/push-subscriptions',
    auth: 'session',
    body: PushSubscriptionRequest,
    response: PushSubscribed,
    status: 201,
  }),
  renewPush: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/push-subscriptions/renew',
    auth: 'none',
    body: PushRenewalRequest,
    response: null,
    status: 204,
  }),
  unsubscribePush: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/push-subscriptions/remove',
    auth: 'session',
    body: PushUnsubscribeRequest,
    response: null,
    status: 204,
  }),
} as const;
