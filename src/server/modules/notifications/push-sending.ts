import type { Transaction } from 'kysely';
import { assert, enums, number, object, optional, string } from 'superstruct';
import { PushPayload } from '../../../domain/sw-messages.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { PushRateLimited, type PushUrgency } from '../../providers/web-push/push-sender.ts';

export const PUSH_SEND = 'push.send';

/** Attempts at one push before its subscription is taken for dead and dropped (backoff 2, 4, 8, 16 s between). */
export const PUSH_ATTEMPTS = 5;
const HOUR = 60 * 60;

/**
 * Per kind of push: how long a push service may hold it for a device that is
 * offline (a rate alert is stale within the hour; a transfer's news still
 * matters tomorrow), and how soon it should wake the device (RFC 8030 §5.3):
 * money that moved is `high`, an offer is `low`.
 */
export const PUSH_DELIVERY: Readonly<Record<string, { ttlSeconds: number; urgency: PushUrgency }>> = {
  transactions: { ttlSeconds: 24 * HOUR, urgency: 'high' },
  'wallet-credit': { ttlSeconds: 24 * HOUR, urgency: 'high' },
  'rate-alert': { ttlSeconds: HOUR, urgency: 'normal' },
  promo: { ttlSeconds: 24 * HOUR, urgency: 'low' },
};
const DEFAULT_DELIVERY = { ttlSeconds: 24 * HOUR, urgency: 'normal' } as const;

/** Times a push is put off at a push service's 429 before it is given up (the subscription is kept). */
export const PUSH_DEFERRALS = 5;
/** The longest a 429's Retry-After puts a push off. */
const MAX_DEFERRAL_SECONDS = 6 * HOUR;

const PushSendPayload = object({
  subscription_id: string(),
  push: PushPayload,
  ttl_seconds: number(),
  urgency: optional(enums(['very-low', 'low', 'normal', 'high'])),
  deferrals: optional(number()),
});

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
  const delivery = PUSH_DELIVERY[push.category] ?? DEFAULT_DELIVERY;
  for (const { id } of subscriptions) {
    await enqueue(
      trx,
      {
        topic: PUSH_SEND,
        payload: { subscription_id: id, push, ttl_seconds: delivery.ttlSeconds, urgency: delivery.urgency },
        dedupeKey: `push:${notificationId}:${id}`,
      },
      clock,
    );
  }
}

/**
 * Sends one push. A push service that says the subscription is gone (404,
 * 410) gets it dropped; one that refuses the payload's size (413) ends the
 * push and keeps the subscription; one that asks us to slow down (429) has
 * the push queued again after its Retry-After (at most PUSH_DEFERRALS times);
 * one that fails otherwise is tried again with the outbox's backoff, and
 * after PUSH_ATTEMPTS the subscription is dropped as dead: the event always
 * ends, and never holds the notification back.
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
      ...(payload.urgency ? { urgency: payload.urgency } : {}),
    });
    if (outcome === 'gone') await drop();
    if (outcome === 'too-large') deps.logger.warn({ eventId }, 'web push refused as too large: not sent');
    else deps.logger.info({ eventId, outcome }, 'web push handed over');
  } catch (error) {
    if (error instanceof PushRateLimited) return putOff(payload, error.retryAfterSeconds, { deps, eventId });
    if (attempt < PUSH_ATTEMPTS) throw error;
    await drop();
    deps.logger.warn({ eventId, err: error }, 'web push failed on every attempt: subscription dropped');
  }
};

/** The same push again once the push service's Retry-After has passed, as an event of its own. */
async function putOff(
  payload: Record<string, unknown> & { deferrals?: number | undefined },
  retryAfterSeconds: number,
  { deps, eventId }: { deps: Parameters<OutboxHandler>[1]['deps']; eventId: string },
): Promise<void> {
  const deferrals = (payload.deferrals ?? 0) + 1;
  const wait = Math.min(Math.max(retryAfterSeconds, 1), MAX_DEFERRAL_SECONDS);
  if (deferrals > PUSH_DEFERRALS || wait >= Number(payload.ttl_seconds)) {
    deps.logger.warn({ eventId, deferrals }, 'web push still rate-limited, or would arrive stale: given up');
    return;
  }
  await enqueue(
    deps.db,
    {
      topic: PUSH_SEND,
      payload: { ...payload, deferrals },
      availableAt: new Date(deps.clock.now().getTime() + wait * 1000),
      dedupeKey: `push-deferred:${eventId}`,
    },
    deps.clock,
  );
  deps.logger.info({ eventId, retryAfterSeconds: wait }, 'web push rate-limited: queued again');
}
