import { revokeCustomerSessions } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import { enqueueMessage } from '../../jobs/message-send-handler.ts';
import { passwordChangedNotice } from './password-changed-notice.ts';

/**
 * Give a customer a new password (already hashed), in the caller's
 * transaction: every session ends but `keepTokenHash` (the caller's own, when
 * it stays), and the "your password was changed" notice is queued.
 */
export async function replacePassword(
  trx: Db,
  clock: Clock,
  customerId: string,
  passwordHash: string,
  keepTokenHash?: string,
): Promise<void> {
  const contact = await trx
    .updateTable('customers')
    .set({ password_hash: passwordHash })
    .where('id', '=', customerId)
    .returning(['email', 'mobile', 'locale'])
    .executeTakeFirstOrThrow();
  await revokeCustomerSessions(trx, clock, customerId, keepTokenHash);
  await enqueueMessage(trx, passwordChangedNotice(contact), clock);
}
