import type { Generated } from 'kysely';
import type { CreatedAt } from './platform.ts';

/**
 * What an SMS provider reported about a text it took: each delivery status
 * once (a repeated callback adds nothing), found by the provider's id for the
 * message and the outbox key it was sent under.
 */
export interface MessageDeliveryReportsTable {
  id: Generated<bigint>;
  provider: string;
  provider_message_id: string;
  /** `outbox:<event id>` of the send, when the callback carried it */
  idempotency_key: string | null;
  status: string;
  /** the provider's error code for a failed or undelivered text */
  error_code: string | null;
  received_at: CreatedAt;
}

export interface MessageDeliveryTables {
  message_delivery_reports: MessageDeliveryReportsTable;
}
