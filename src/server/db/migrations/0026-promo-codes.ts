import { type Kysely, sql } from 'kysely';

/**
 * Promo codes (SPEC §1 "use promo codes", §2 /your-promo-codes) and their
 * redemptions. A code lowers a quote's fee: by a percentage, by a fixed
 * amount of the source currency, or to nothing on the customer's first
 * transfer. A quote carrying a code says so (`promo_code`, `fee_discount`);
 * the transfer made from it spends the code, once per customer: the partial
 * unique index holds under any concurrency. A transfer closed unpaid gives
 * its code back (`released_at`).
 *
 * The launch codes are seeded here, like the corridors: literal, reviewed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off', 'int8')
    .addColumn('currency', 'char(3)')
    .addColumn('valid_until', 'timestamptz')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('promo_codes_code_check', sql`code ~ '^[A-Z0-9]{4,32}$'`)
    .addCheckConstraint(
      'promo_codes_kind_check',
      sql`(kind = 'percent_fee' and percent_off between 1 and 100 and amount_off is null)
        or (kind = 'fixed_fee' and amount_off > 0 and currency ~ '^[A-Z]{3}$' and percent_off is null)
        or (kind = 'first_transfer_free' and percent_off is null and amount_off is null)`,
    )
    .execute();

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().references('promo_codes.code'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('transfer_id', 'text', (c) => c.notNull().unique().references('transfers.id'))
    .addColumn('discount', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('released_at', 'timestamptz')
    .addCheckConstraint('promo_redemptions_discount_check', sql`discount >= 0`)
    .execute();
  // a code is spent once per customer: one live redemption at most
  await sql`create unique index promo_redemptions_once_key on promo_redemptions (code, customer_id)
    where released_at is null`.execute(db);

  await db.schema
    .alterTable('quotes')
    .addColumn('promo_code', 'text', (c) => c.references('promo_codes.code'))
    .addColumn('fee_discount', 'int8', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`alter table quotes add constraint quotes_fee_discount_check
    check (fee_discount >= 0 and (promo_code is not null or fee_discount = 0))`.execute(db);

  await (db as Kysely<any>)
    .insertInto('promo_codes')
    .values([
      { code: 'HALFFEE', kind: 'percent_fee', percent_off: 50 },
      { code: 'FIVEOFF', kind: 'fixed_fee', amount_off: '500', currency: 'GBP' },
      { code: 'FIVEEURO', kind: 'fixed_fee', amount_off: '500', currency: 'EUR' },
      { code: 'FIRSTFREE', kind: 'first_transfer_free' },
    ])
    .execute();
}
