import type { Kysely } from 'kysely';
import { mountedPath } from '../../../domain/contract/endpoint.ts';
import {
  type NotificationPage,
  type NotificationViewed,
  notificationsApi,
} from '../../../domain/contract/notifications.ts';
import type { PageQuery } from '../../../domain/contract/pages.ts';
import type { Clock } from '../../clock.ts';
import { readPage } from '../../db/paged-rows.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/api-error.ts';

/** A page of the customer's notifications, newest first (db/paged-rows.ts). */
export function listNotifications(
  db: Kysely<Database>,
  customerId: string,
  query: PageQuery,
): Promise<NotificationPage> {
  return readPage(
    db
      .selectFrom('notifications')
      .select(['id', 'category', 'title_key', 'params', 'created_at', 'viewed_at'])
      .where('customer_id', '=', customerId),
    { table: 'notifications', key: 'id', noun: 'notification', path: mountedPath(notificationsApi.listNotifications) },
    query,
    (row) => ({
      id: row.id,
      category: row.category,
      title_key: row.title_key,
      params: row.params,
      created_at: row.created_at.toISOString(),
      viewed: row.viewed_at !== null,
    }),
  );
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
