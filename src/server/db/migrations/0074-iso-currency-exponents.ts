import { type Kysely, sql } from 'kysely';

/**
 * Issue 34: currency exponents come from ISO 4217 (`src/domain/iso4217.ts`),
 * no longer from the runtime's locale data. Node's ICU (CLDR 48) gave the
 * currencies below no minor unit where ISO 4217 gives them 2 (3 for IQD), so
 * every amount stored in one of them counted whole units; this multiplies each
 * by 10^(ISO's digits − ICU's) so it counts ISO minor units. Of them Sarraf only
 * ever held PKR (the Pakistan corridors' receive limits, and quotes, transfers
 * and payouts paid out in rupees); the rest are listed so no amount in any
 * currency whose exponent changed is left behind. Every table that holds an
 * amount beside its currency is converted; rates (units per unit) do not
 * depend on the exponent and are left alone. Literal: a migration never
 * changes once run.
 */
const FACTORS: [currency: string, factor: bigint][] = [
  ['AFN', 100n],
  ['ALL', 100n],
  ['COP', 100n],
  ['HUF', 100n],
  ['IDR', 100n],
  ['IQD', 1000n],
  ['IRR', 100n],
  ['KPW', 100n],
  ['LAK', 100n],
  ['LBP', 100n],
  ['MGA', 100n],
  ['MMK', 100n],
  ['PKR', 100n],
  ['SOS', 100n],
  ['SYP', 100n],
  ['YER', 100n],
];

/** [table, currency column, amount columns]: every stored amount and the currency it counts. */
const AMOUNTS: [table: string, currency: string, amounts: string[]][] = [
  ['corridors', 'source_currency', ['min_send_amount', 'max_send_amount']],
  ['corridors', 'destination_currency', ['min_destination_amount', 'max_destination_amount']],
  ['quotes', 'source_currency', ['send_amount', 'fee', 'total', 'fee_discount']],
  ['quotes', 'destination_currency', ['receive_amount']],
  ['transfers', 'source_currency', ['send_amount', 'fee', 'total']],
  ['transfers', 'dest_currency', ['receive_amount']],
  ['conversions', 'from_currency', ['from_amount']],
  ['conversions', 'to_currency', ['to_amount']],
  ['promo_codes', 'currency', ['amount_off']],
  ['ledger_accounts', 'currency', ['balance']],
  ['ledger_postings', 'currency', ['amount', 'balance_after']],
  ['bank_credits', 'currency', ['amount']],
  ['payins', 'currency', ['amount']],
  ['sandbox_card_payments', 'currency', ['amount']],
  ['sandbox_bank_link_payments', 'currency', ['amount']],
  ['sandbox_payouts', 'currency', ['amount']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [currency, factor] of FACTORS) {
    for (const [table, currencyColumn, columns] of AMOUNTS) {
      const set = sql.join(columns.map((column) => sql`${sql.ref(column)} = ${sql.ref(column)} * ${factor}`));
      await sql`update ${sql.table(table)} set ${set} where ${sql.ref(currencyColumn)} = ${currency}`.execute(db);
    }
    // a promo redemption's discount counts the minor units of its transfer's source currency
    await sql`update promo_redemptions set discount = discount * ${factor}
      where transfer_id in (select id from transfers where source_currency = ${currency})`.execute(db);
    // fee bands count the source currency's minor units (amounts as strings; basis points unchanged)
    const corridors = await db
      .selectFrom('corridors')
      .select(['id', 'fee_schedule'])
      .where('source_currency', '=', currency)
      .execute();
    for (const corridor of corridors) {
      const bands = (corridor.fee_schedule as { up_to: string | null; fixed: string; bps: string }[]).map((band) => ({
        up_to: band.up_to === null ? null : (BigInt(band.up_to) * factor).toString(),
        fixed: (BigInt(band.fixed) * factor).toString(),
        bps: band.bps,
      }));
      await db
        .updateTable('corridors')
        .set({ fee_schedule: JSON.stringify(bands) })
        .where('id', '=', corridor.id)
        .execute();
    }
  }
}
