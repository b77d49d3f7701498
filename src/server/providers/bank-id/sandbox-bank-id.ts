import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { SandboxBankIdOrdersTable } from '../../db/tables/bank-id.ts';
import type { BankIdProvider, BankIdResult } from './bank-id-provider.ts';

/**
 * The personal numbers the sandbox bank ID treats specially (README
 * walk-through): with these the customer cancels on the provider's page, or
 * the bank refuses the identification. Every other number is identified.
 */
export const SANDBOX_BANK_ID_NUMBERS = {
  /** an example that is identified (any other number is too) */
  identified: '199001011239',
  cancelled: '200001010002',
  failed: '200001010003',
} as const;

/**
 * Who the sandbox bank holds each person as: the names of its register by
 * country (any number identified there is this person), and the date of
 * birth a 12-digit personal number begins with (YYYYMMDD).
 */
export const SANDBOX_BANK_ID_PEOPLE: Readonly<Record<string, { givenName: string; surname: string }>> = {
  SE: { givenName: 'Sanna', surname: 'Svensson' },
  NO: { givenName: 'Nora', surname: 'Nordmann' },
};

/** The date of birth a 12-digit personal number (YYYYMMDDNNNN) carries; null for any other shape or a date that is not one. */
export function birthDateOf(personalIdentityNumber: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})\d{4}$/.exec(personalIdentityNumber);
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`
    ? null
    : `${year}-${month}-${day}`;
}

/** Where the sandbox page lives, under the sandbox app's mount. */
export const SANDBOX_BANK_ID_PATH = '/sandbox/bank-id';

/** How the provider's page ends an order with this personal number. */
export function sandboxOutcome(personalIdentityNumber: string): 'complete' | 'cancelled' | 'failed' {
  if (personalIdentityNumber === SANDBOX_BANK_ID_NUMBERS.cancelled) return 'cancelled';
  if (personalIdentityNumber === SANDBOX_BANK_ID_NUMBERS.failed) return 'failed';
  return 'complete';
}

export type SandboxBankIdOrder = Selectable<SandboxBankIdOrdersTable>;

/** The sandbox adapter: orders in the database, ended by the sandbox page (`sandbox-bank-id-routes.ts`). */
export function sandboxBankId(
  db: Db,
  clock: Clock,
): BankIdProvider & {
  order(orderRef: string): Promise<SandboxBankIdOrder | undefined>;
  /** the customer confirms on the page: the order ends as its personal number says; undefined when unknown or over */
  confirm(orderRef: string): Promise<SandboxBankIdOrder | undefined>;
} {
  const order = (orderRef: string) =>
    db.selectFrom('sandbox_bank_id_orders').selectAll().where('order_ref', '=', orderRef).executeTakeFirst();
  return {
    async start(start) {
      const orderRef = randomUUID();
      await db
        .insertInto('sandbox_bank_id_orders')
        .values({
          order_ref: orderRef,
          country: start.country,
          personal_identity_number: start.personalIdentityNumber,
          status: 'pending',
          success_url: start.successUrl,
          failure_url: start.failureUrl,
          created_at: clock.now(),
        })
        .execute();
      return { orderRef, redirectUrl: `${SANDBOX_BANK_ID_PATH}/${orderRef}/` };
    },
    async collect(orderRef): Promise<BankIdResult> {
      const found = await order(orderRef);
      if (!found) return { status: 'failed' };
      if (found.status !== 'complete') return { status: found.status };
      const names = SANDBOX_BANK_ID_PEOPLE[found.country] ?? { givenName: 'Sam', surname: 'Sandbox' };
      return {
        status: 'complete',
        personalIdentityNumber: found.personal_identity_number,
        country: found.country,
        person: { ...names, dateOfBirth: birthDateOf(found.personal_identity_number) },
      };
    },
    order,
    async confirm(orderRef) {
      const found = await order(orderRef);
      if (found?.status !== 'pending') return undefined;
      return db
        .updateTable('sandbox_bank_id_orders')
        .set({ status: sandboxOutcome(found.personal_identity_number) })
        .where('order_ref', '=', orderRef)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },
  };
}
