import type { Generated } from 'kysely';
import type { CreatedAt } from './platform.ts';

/**
 * What the sandbox messaging provider "sent". It stands in for the SMS and
 * e-mail provider's own records; nothing in our domain reads it.
 */
export interface SandboxMessagesTable {
  id: Generated<bigint>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  /** the sender's key for this message; a repeat is the message already sent (null before migration 0011) */
  idempotency_key: string | null;
  created_at: CreatedAt;
}

export interface SandboxMessagingTables {
  sandbox_messages: SandboxMessagesTable;
}
