import { array, boolean, enums, type Infer, object, record, string } from 'superstruct';
import { endpoint } from './endpoint.ts';

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

/** `data` of GET /user/messages: the customer's latest notifications, newest first. */
export const NotificationList = array(Notification);

/** `data` of POST /user/messages/:id/viewed. */
export const NotificationViewed = object({ id: string(), viewed: boolean() });
export type NotificationViewed = Infer<typeof NotificationViewed>;

/** The notifications area of the main API: the bell's list and "seen". */
export const notificationsApi = {
  listNotifications: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/messages',
    auth: 'session',
    response: NotificationList,
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
} as const;
