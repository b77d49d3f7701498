import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { SandboxBankLinkPaymentsTable } from '../../db/tables/bank-link.ts';
import type { BankLinkProvider, BankLinkStatus } from './bank-link-provider.ts';

/**
 * The banks of the sandbox bank picker (README sandbox section) and what
 * each does when the customer approves there. The picker's "Cancel" button
 * cancels at any bank.
 */
export const SANDBOX_BANKS = [
  { id: 'approve-bank', name: 'Sandbox Approve Bank', outcome: 'settled' },
  { id: 'cancel-bank', name: 'Sandbox Cancel Bank', outcome: 'cancelled' },
  { id: 'empty-bank', name: 'Sandbox Empty Account Bank', outcome: 'insufficient_funds' },
] as const;

export type SandboxBankId = (typeof SANDBOX_BANKS)[number]['id'];

/** Where the sandbox page lives, under the sandbox app's mount. */
export const SANDBOX_BANK_LINK_PATH = '/sandbox/bank-link';

export type SandboxBankLinkPayment = Selectable<SandboxBankLinkPaymentsTable>;

function statusOf(row: SandboxBankLinkPayment): BankLinkStatus {
  if (row.status === 'failed') return { status: 'failed', reason: 'insufficient_funds' };
  return { status: row.status };
}

/** The sandbox adapter: payments in the database, ended by the sandbox page (`sandbox-bank-link-routes.ts`). */
export function sandboxBankLink(
  db: Db,
  clock: Clock,
): BankLinkProvider & {
  payment(paymentId: string): Promise<SandboxBankLinkPayment | undefined>;
  /** the customer approves at `bank` or cancels: undefined when the payment is unknown or already over */
  decide(paymentId: string, choice: SandboxBankId | 'cancel'): Promise<SandboxBankLinkPayment | undefined>;
} {
  const payment = (paymentId: string) =>
    db.selectFrom('sandbox_bank_link_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  return {
    name: 'sandbox',
    // the sandbox's banks pay in any currency
    takes: () => true,
    async initiate(initiation) {
      const now = clock.now();
      await db
        .insertInto('sandbox_bank_link_payments')
        .values({
          id: `blp_${randomUUID()}`,
          idempotency_key: initiation.idempotencyKey,
          amount: initiation.amount,
          currency: initiation.currency,
          reference: initiation.reference,
          return_url: initiation.returnUrl,
          bank: null,
          status: 'pending',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('sandbox_bank_link_payments')
        .selectAll()
        .where('idempotency_key', '=', initiation.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { paymentId: row.id, redirectUrl: `${SANDBOX_BANK_LINK_PATH}/${row.id}/` };
    },
    async status(paymentId) {
      const row = await payment(paymentId);
      return row ? statusOf(row) : { status: 'failed', reason: 'bank_error' };
    },
    payment,
    async decide(paymentId, choice) {
      const bank = SANDBOX_BANKS.find((b) => b.id === choice);
      const outcome = bank?.outcome ?? 'cancelled';
      return db
        .updateTable('sandbox_bank_link_payments')
        .set({
          status: outcome === 'insufficient_funds' ? 'failed' : outcome,
          bank: bank?.id ?? null,
          updated_at: clock.now(),
        })
        .where('id', '=', paymentId)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },
  };
}
