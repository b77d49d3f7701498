import type { Kysely } from 'kysely';

/**
 * Card payments from the United States: when the customer confirmed the last
 * four digits of their Social Security number (asked once, before their
 * first card payment), and the card's billing address each payment attempt
 * gave, which the card gateway is told with it (again, the same, if the
 * attempt is authorized once more after a crash). The sandbox card gateway
 * keeps the billing address with its payment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('remitters').addColumn('ssn_confirmed_at', 'timestamptz').execute();
  await db.schema.alterTable('payments').addColumn('billing_address', 'jsonb').execute();
  await db.schema.alterTable('sandbox_card_payments').addColumn('billing_address', 'jsonb').execute();
}
