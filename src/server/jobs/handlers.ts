import { MESSAGE_SEND, sendMessage } from './message-send-handler.ts';
import type { OutboxHandler } from './outbox-worker.ts';

/** Every outbox topic and the handler that carries it out. */
export function outboxHandlers(): Record<string, OutboxHandler> {
  return {
    [MESSAGE_SEND]: sendMessage,
  };
}
