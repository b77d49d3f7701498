import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { ProviderCall } from '../provider-call.ts';
import type { MessagingProvider, OutgoingMessage } from './messaging-provider.ts';

const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Sends nothing: keeps each message where the sandbox inspection endpoint
 * (GET /sandbox/messages) shows it, once per idempotency key. Refuses
 * malformed recipients the way a real gateway would, so those failures are
 * exercised too.
 */
export function sandboxMessaging(db: Db, clock: Clock): MessagingProvider {
  return {
    async send(message: OutgoingMessage, { idempotencyKey }: ProviderCall) {
      const valid = message.channel === 'sms' ? E164.test(message.to) : EMAIL.test(message.to);
      if (!valid) throw new Error(`sandbox messaging refused the ${message.channel} recipient`);
      const sent = await db
        .insertInto('sandbox_messages')
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          body: message.body,
          idempotency_key: idempotencyKey,
          created_at: clock.now(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      const row =
        sent ??
        (await db
          .selectFrom('sandbox_messages')
          .select('id')
          .where('idempotency_key', '=', idempotencyKey)
          .executeTakeFirstOrThrow());
      return { providerMessageId: String(row.id) };
    },
  };
}
