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
  created_at: CreatedAt;
}

export interface SandboxMessagingTables {
  sandbox_messages: SandboxMessagesTable;
}
