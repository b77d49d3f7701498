import type { JSONColumnType } from 'kysely';
import type { CreatedAt, Timestamp } from './platform.ts';

export type NotificationCategory = 'wallet' | 'bonus' | 'transactions';

/**
 * What the notifications bell lists (SPEC §3 Notification). The title is a
 * message key the client translates with `params`, so one record reads in
 * every language.
 */
export interface NotificationsTable {
  /** `ntf_…`, chosen when the notification is queued, so a repeated delivery writes it once */
  id: string;
  customer_id: string;
  category: NotificationCategory;
  title_key: string;
  params: JSONColumnType<Record<string, string>>;
  created_at: CreatedAt;
  viewed_at: Timestamp | null;
}

/** A browser's web push subscription, bound to the customer and session that made it. */
export interface PushSubscriptionsTable {
  /** `psub_…` */
  id: string;
  customer_id: string;
  /** the session that subscribed: its sign-out removes the subscription */
  session_token_hash: string;
  /** the push service's URL for this browser; unique: one customer at a time */
  endpoint: string;
  /** the browser's P-256 public key and auth secret, base64url: what a push is encrypted to */
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

export interface NotificationTables {
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
}
