import { type Notification, NotificationList, NotificationViewed } from '../../../domain/contract/notifications.ts';
import { api } from './client.ts';

/** GET /user/messages: the customer's latest notifications, newest first. */
export function listNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return api('/user/messages', NotificationList, { signal });
}

/** POST /user/messages/:id/viewed: the customer has seen this one; it is no longer new. */
export function markNotificationViewed(id: string): Promise<NotificationViewed> {
  return api(`/user/messages/${encodeURIComponent(id)}/viewed`, NotificationViewed, { method: 'POST' });
}
