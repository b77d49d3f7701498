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

export interface NotificationTables {
  notifications: NotificationsTable;
}
