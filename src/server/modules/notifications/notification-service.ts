import type { Kysely } from 'kysely';
import type { Notification, NotificationViewed } from '../../../domain/contract/notifications.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/api-error.ts';

/** How many notifications the bell lists. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** The customer's latest notifications, newest first. */
export async function listNotifications(db: Kysely<Database>, customerId: string): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'category', 'title_key', 'params', 'created_at', 'viewed_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATION_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    title_key: row.title_key,
    params: row.params,
    created_at: row.created_at.toISOString(),
    viewed: row.viewed_at !== null,
  }));
}

/** Marks one of the customer's notifications viewed; the first viewing time is kept. */
export async function markNotificationViewed(
  db: Kysely<Database>,
  clock: Clock,
  customerId: string,
  id: string,
): Promise<NotificationViewed> {
  const owned = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!owned) throw notFound('Notification');
  await db
    .updateTable('notifications')
    .set({ viewed_at: clock.now() })
    .where('id', '=', id)
    .where('viewed_at', 'is', null)
    .execute();
  return { id, viewed: true };
}
