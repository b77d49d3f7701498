import type { Transaction } from 'kysely';
import { assert, number, object, string } from 'superstruct';
import { PushPayload } from '../../../domain/sw-messages.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';

export const PUSH_SEND = 'push.send';

/** Attempts at one push before its subscription is taken for dead and dropped (backoff 2, 4, 8, 16 s between). */
export const PUSH_ATTEMPTS = 5;
/** How long a push service may hold a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

const PushSendPayload = object({ subscription_id: string(), push: PushPayload, ttl_seconds: number() });

/** Where a push about a transfer opens: that transfer's page, with its timeline. */
export const transferPath = (transRef: string) => `/transfers/${transRef}`;

/**
 * Queue one push per browser the customer subscribed, in the transaction that
 * records the notification; each is its own outbox event (one failing push
 * service delays nobody else), once per notification and browser.
 */
export async function enqueuePushes(
  trx: Transaction<Database>,
  customerId: string,
  notificationId: string,
  push: PushPayload,
  clock: Clock,
): Promise<void> {
  const subscriptions = await trx
    .selectFrom('push_subscriptions')
    .select('id')
    .where('customer_id', '=', customerId)
    .execute();
  for (const { id } of subscriptions) {
    await enqueue(
      trx,
      {
        topic: PUSH_SEND,
        payload: { subscription_id: id, push, ttl_seconds: PUSH_TTL_SECONDS },
        dedupeKey: `push:${notificationId}:${id}`,
      },
      clock,
    );
  }
}

/**
 * Sends one push. A push service that says the subscription is gone (404,
 * 410) gets it dropped; one that fails otherwise is tried again with the
 * outbox's backoff, and after PUSH_ATTEMPTS the subscription is dropped as
 * dead: the event always ends, and never holds the notification back.
 */
export const sendPush: OutboxHandler = async (payload, { deps, attempt, eventId }) => {
  assert(payload, PushSendPayload);
  const subscription = await deps.db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', payload.subscription_id)
    .executeTakeFirst();
  if (!subscription) return;
  const drop = () => deps.db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
  try {
    const outcome = await deps.providers.push.send({
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      payload: JSON.stringify(payload.push),
      ttlSeconds: payload.ttl_seconds,
    });
    if (outcome === 'gone') await drop();
    deps.logger.info({ eventId, outcome }, 'web push handed over');
  } catch (error) {
    if (attempt < PUSH_ATTEMPTS) throw error;
    await drop();
    deps.logger.warn({ eventId, err: error }, 'web push failed on every attempt: subscription dropped');
  }
};
