import { type Kysely, sql } from 'kysely';

/**
 * Card payout (SPEC §1: "card" payout type; §9: the card in the recipient's
 * name). Kenya and the Philippines take card payouts from every source
 * country, priced like the same destination's mobile or wallet payouts and
 * delivered within the hour. A card recipient keeps what the card payout
 * gateway shows of the card (brand, last four, expiry, fingerprint), never
 * its number; the sandbox card payout gateway keeps its tokens.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [country, priceFrom] of [
    ['KE', 'mobile'],
    ['PH', 'wallet'],
  ] as const) {
    await sql`insert into corridors (id, source_country_iso2, source_currency, destination_country_iso2,
        destination_currency, payout_type, is_default_payout_type, min_send_amount, max_send_amount,
        min_destination_amount, max_destination_amount, fx_margin_bps, fee_schedule, payout_provider_name,
        delivery_hours, active)
      select 'cor_' || lower(source_country_iso2) || '_' || lower(destination_country_iso2) || '_card',
        source_country_iso2, source_currency, destination_country_iso2, destination_currency, 'card', false,
        min_send_amount, max_send_amount, min_destination_amount, max_destination_amount, fx_margin_bps,
        fee_schedule, 'sandbox-card-payout', 1, active
      from corridors where destination_country_iso2 = ${country} and payout_type = ${priceFrom}`.execute(db);
  }

  await db.schema.alterTable('beneficiaries').addColumn('payout_card', 'jsonb').execute();

  await db.schema
    .createTable('sandbox_payout_cards')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('single_use', 'stored')`))
    .addColumn('kept_as', 'text', (c) => c.references('sandbox_payout_cards.token'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
