import type { Transaction } from 'kysely';
import type { PushPayload } from '../../../domain/sw-messages.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { NotificationCategory } from '../../db/tables/notifications.ts';
import { translate } from '../../i18n/catalogs.ts';
import { enqueuePushes } from './push-sending.ts';

/** One notification for the bell, with the push that says the same. */
export interface CustomerNotice {
  /** the notification's id: one per event, so telling the same event twice records and pushes it once */
  id: string;
  customerId: string;
  category: NotificationCategory;
  /** the bell's message key (features/notifications/notification-text.ts) and what it is filled in with */
  titleKey: string;
  params: Record<string, string>;
  /** the push's English sources (notification-texts.ts), said in the customer's language with its `texts` */
  title: string;
  body: string;
  texts: (locale: string) => Record<string, string>;
  url: string;
  tag: string;
  pushCategory: PushPayload['category'];
}

/**
 * Records a notification in the bell and queues its push to each of the customer's browsers, in the transaction
 * that made the event (nothing is told of what did not happen); the push in the customer's profile language.
 * Returns whether it was recorded now (false: this event was told before, and nothing is pushed again).
 */
export async function notifyCustomer(
  trx: Transaction<Database>,
  clock: Clock,
  notice: CustomerNotice,
): Promise<boolean> {
  const recorded = await trx
    .insertInto('notifications')
    .values({
      id: notice.id,
      customer_id: notice.customerId,
      category: notice.category,
      title_key: notice.titleKey,
      params: JSON.stringify(notice.params),
      created_at: clock.now(),
      viewed_at: null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!recorded) return false;
  const { locale } = await trx
    .selectFrom('customers')
    .select('locale')
    .where('id', '=', notice.customerId)
    .executeTakeFirstOrThrow();
  const texts = notice.texts(locale);
  await enqueuePushes(
    trx,
    notice.customerId,
    notice.id,
    {
      title: translate(locale, notice.title, texts),
      body: translate(locale, notice.body, texts),
      url: notice.url,
      tag: notice.tag,
      category: notice.pushCategory,
    },
    clock,
  );
  return true;
}
