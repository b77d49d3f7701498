import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PushRenewalRequest, PushSubscriptionRequest } from '../../../domain/contract/notifications.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import { isLocalPushEndpoint } from '../../providers/web-push/sandbox-push-sender.ts';

/** A push service is reached over https only; the sandbox also takes its documented local endpoint. */
function acceptedEndpoint(endpoint: string, config: Pick<Config, 'sandbox'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return config.sandbox && url.protocol === 'http:' && isLocalPushEndpoint(url);
}

/**
 * Binds a browser's push subscription to the signed-in customer (and the
 * session, whose sign-out removes it). Subscribing again refreshes the keys;
 * an endpoint already bound to another customer is refused, never taken over.
 */
export async function subscribePush(
  deps: { db: Kysely<Database>; clock: Clock; config: Config },
  session: { customerId: string; tokenHash: string },
  subscription: PushSubscriptionRequest,
): Promise<{ id: string }> {
  if (!acceptedEndpoint(subscription.endpoint, deps.config)) {
    throw new ApiError('ValidationFailed', 'The push endpoint must be an https address', 'endpoint');
  }
  const row = await deps.db
    .insertInto('push_subscriptions')
    .values({
      id: `psub_${randomBytes(16).toString('base64url')}`,
      customer_id: session.customerId,
      session_token_hash: session.tokenHash,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      created_at: deps.clock.now(),
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet((eb) => ({
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          session_token_hash: eb.ref('excluded.session_token_hash'),
        }))
        .where('push_subscriptions.customer_id', '=', session.customerId),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new ApiError('PushSubscriptionTaken', 'This browser receives another account’s notifications');
  return row;
}

/**
 * The browser replaced its subscription (the worker's `pushsubscriptionchange`):
 * the new one takes the old one's place, for the same customer and session.
 * The caller proves it is that browser with the old endpoint and its secret;
 * anything else is 404, the same whether the endpoint exists or not.
 */
export async function renewPushSubscription(
  deps: { db: Kysely<Database>; config: Config },
  renewal: PushRenewalRequest,
): Promise<null> {
  if (!acceptedEndpoint(renewal.new.endpoint, deps.config)) {
    throw new ApiError('ValidationFailed', 'The push endpoint must be an https address', 'new.endpoint');
  }
  const unknown = () => new ApiError('NotFound', 'Push subscription not found');
  await deps.db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'customer_id', 'auth'])
      .where('endpoint', '=', renewal.old.endpoint)
      .forUpdate()
      .executeTakeFirst();
    if (!old || !sameSecret(old.auth, renewal.old.auth)) throw unknown();
    const taken = await trx
      .selectFrom('push_subscriptions')
      .select(['id', 'customer_id'])
      .where('endpoint', '=', renewal.new.endpoint)
      .where('id', '!=', old.id)
      .executeTakeFirst();
    if (taken && taken.customer_id !== old.customer_id) {
      throw new ApiError('PushSubscriptionTaken', 'This browser receives another account’s notifications');
    }
    if (taken) await trx.deleteFrom('push_subscriptions').where('id', '=', taken.id).execute();
    await trx
      .updateTable('push_subscriptions')
      .set({ endpoint: renewal.new.endpoint, p256dh: renewal.new.keys.p256dh, auth: renewal.new.keys.auth })
      .where('id', '=', old.id)
      .execute();
  });
  return null;
}

/** Compares two base64url secrets in constant time. */
function sameSecret(stored: string, given: string): boolean {
  const [a, b] = [Buffer.from(stored), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The customer's browser stops receiving pushes; another customer's endpoint is left alone. */
export async function unsubscribePush(db: Kysely<Database>, customerId: string, endpoint: string): Promise<null> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('customer_id', '=', customerId)
    .execute();
  return null;
}

/** Sign-out: the session's browsers receive nothing more for this customer. */
export async function removeSessionPushSubscriptions(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_token_hash', '=', tokenHash).execute();
}
