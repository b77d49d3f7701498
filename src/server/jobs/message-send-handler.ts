import type { Transaction } from 'kysely';
import { assert, enums, nullable, object, optional, string } from 'superstruct';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { OutgoingMessage } from '../providers/messaging/messaging-provider.ts';
import { enqueue } from './outbox.ts';
import type { OutboxHandler } from './outbox-worker.ts';

export const MESSAGE_SEND = 'message.send';

const MessagePayload = object({
  channel: enums(['email', 'sms']),
  to: string(),
  subject: nullable(string()),
  body: string(),
  locale: optional(string()),
});

/** Queue an SMS or e-mail in the caller's transaction; the worker sends it. */
export function enqueueMessage(
  db: Db | Transaction<Database>,
  message: OutgoingMessage,
  clock: Clock,
): Promise<string> {
  return enqueue(db, { topic: MESSAGE_SEND, payload: { ...message } }, clock);
}

/** Hands a queued message to the messaging provider, once per event however often it runs. */
export const sendMessage: OutboxHandler = async (payload, { deps, eventId, idempotencyKey }) => {
  assert(payload, MessagePayload);
  const { providerMessageId } = await deps.providers.messaging.send(payload, { idempotencyKey });
  deps.logger.info({ eventId, channel: payload.channel, providerMessageId }, 'message handed to the provider');
};
