import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PushSubscriptionRequest } from '../../../domain/contract/notifications.ts';
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
