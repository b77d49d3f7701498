import { type Kysely, sql } from 'kysely';

/** A transfer may now be paid from the customer's wallet as well as by card. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transfers drop constraint transfers_payment_type_check`.execute(db);
  await sql`alter table transfers add constraint transfers_payment_type_check
    check (payment_type is null or payment_type in ('card', 'wallet'))`.execute(db);
}
