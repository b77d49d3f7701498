import { type Kysely, sql } from 'kysely';

/**
 * Corridors (where money can go, with limits, margin and fees) and quotes.
 *
 * The launch corridors are seeded here rather than by a start-up script:
 * they are the product's price list, which every environment must hold
 * identically and which changes only through review. A later price change
 * is a new migration, so the history of what we charged is kept in code.
 * Values below are literal on purpose: a migration never changes once run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('corridors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_country_iso2', 'char(2)', (c) => c.notNull())
    .addColumn('source_currency', 'char(3)', (c) => c.notNull())
    .addColumn('destination_country_iso2', 'char(2)', (c) => c.notNull())
    .addColumn('destination_currency', 'char(3)', (c) => c.notNull())
    .addColumn('payout_type', 'text', (c) => c.notNull())
    .addColumn('is_default_payout_type', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('min_send_amount', 'int8', (c) => c.notNull())
    .addColumn('max_send_amount', 'int8', (c) => c.notNull())
    .addColumn('min_destination_amount', 'int8', (c) => c.notNull())
    .addColumn('max_destination_amount', 'int8', (c) => c.notNull())
    .addColumn('fx_margin_bps', 'integer', (c) => c.notNull())
    .addColumn('fee_schedule', 'jsonb', (c) => c.notNull())
    .addColumn('payout_provider_name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('corridors_payout_type_check', sql`payout_type in ('mobile', 'cash', 'bank', 'card', 'wallet')`)
    .addCheckConstraint(
      'corridors_codes_check',
      sql`source_country_iso2 ~ '^[A-Z]{2}$' and destination_country_iso2 ~ '^[A-Z]{2}$'
        and source_currency ~ '^[A-Z]{3}$' and destination_currency ~ '^[A-Z]{3}$'`,
    )
    .addCheckConstraint(
      'corridors_limits_check',
      sql`min_send_amount > 0 and min_send_amount <= max_send_amount
        and min_destination_amount > 0 and min_destination_amount <= max_destination_amount`,
    )
    .addCheckConstraint('corridors_margin_check', sql`fx_margin_bps >= 0 and fx_margin_bps < 10000`)
    .addCheckConstraint(
      'corridors_fee_schedule_check',
      sql`jsonb_typeof(fee_schedule) = 'array' and jsonb_array_length(fee_schedule) > 0`,
    )
    .execute();
  // A quote request names (source country, destination country, payout type): exactly one live corridor answers it.
  await sql`create unique index corridors_route_key on corridors
    (source_country_iso2, destination_country_iso2, payout_type) where active`.execute(db);
  // SPEC §9: the default payout type is flagged per destination.
  await sql`create unique index corridors_default_key on corridors
    (source_country_iso2, destination_country_iso2) where active and is_default_payout_type`.execute(db);

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('corridor_id', 'text', (c) => c.notNull().references('corridors.id'))
    .addColumn('source_country_iso2', 'char(2)', (c) => c.notNull())
    .addColumn('source_currency', 'char(3)', (c) => c.notNull())
    .addColumn('destination_country_iso2', 'char(2)', (c) => c.notNull())
    .addColumn('destination_currency', 'char(3)', (c) => c.notNull())
    .addColumn('payout_type', 'text', (c) => c.notNull())
    .addColumn('payout_provider_name', 'text', (c) => c.notNull())
    .addColumn('amount_type', 'text', (c) => c.notNull())
    .addColumn('mid_rate', 'numeric', (c) => c.notNull())
    .addColumn('rate', 'numeric', (c) => c.notNull())
    .addColumn('send_amount', 'int8', (c) => c.notNull())
    .addColumn('fee', 'int8', (c) => c.notNull())
    .addColumn('total', 'int8', (c) => c.notNull())
    .addColumn('receive_amount', 'int8', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('quotes_amount_type_check', sql`amount_type in ('SOURCE', 'DESTINATION')`)
    .addCheckConstraint('quotes_rate_check', sql`rate > 0 and mid_rate > 0`)
    .addCheckConstraint(
      'quotes_amounts_check',
      sql`send_amount > 0 and fee >= 0 and receive_amount > 0 and total = send_amount + fee`,
    )
    .addCheckConstraint('quotes_expiry_check', sql`expires_at >= created_at`)
    .execute();
  await db.schema.createIndex('quotes_customer_idx').on('quotes').columns(['customer_id', 'created_at']).execute();

  await (db as Kysely<any>).insertInto('corridors').values(LAUNCH_CORRIDORS.map(toRow)).execute();
}

interface SeedCorridor {
  id: string;
  from: [country: string, currency: string];
  to: [country: string, currency: string];
  payout: string;
  isDefault: boolean;
  /** minor units: [min, max] */
  send: [string, string];
  receive: [string, string];
  marginBps: number;
  /** [up_to (minor, null = open-ended), fixed fee (minor), bps] */
  fees: [string | null, string, string][];
  provider: string;
}

function toRow(c: SeedCorridor) {
  return {
    id: c.id,
    source_country_iso2: c.from[0],
    source_currency: c.from[1],
    destination_country_iso2: c.to[0],
    destination_currency: c.to[1],
    payout_type: c.payout,
    is_default_payout_type: c.isDefault,
    min_send_amount: c.send[0],
    max_send_amount: c.send[1],
    min_destination_amount: c.receive[0],
    max_destination_amount: c.receive[1],
    fx_margin_bps: c.marginBps,
    fee_schedule: JSON.stringify(c.fees.map(([up_to, fixed, bps]) => ({ up_to, fixed, bps }))),
    payout_provider_name: c.provider,
  };
}

const LAUNCH_CORRIDORS: SeedCorridor[] = [
  {
    id: 'cor_gb_ke_mobile',
    from: ['GB', 'GBP'],
    to: ['KE', 'KES'],
    payout: 'mobile',
    isDefault: true,
    send: ['1000', '200000'],
    receive: ['5000', '15000000'],
    marginBps: 120,
    fees: [
      ['10000', '199', '0'],
      ['50000', '299', '0'],
      [null, '99', '40'],
    ],
    provider: 'sandbox-mobile-money',
  },
  {
    id: 'cor_gb_ke_bank',
    from: ['GB', 'GBP'],
    to: ['KE', 'KES'],
    payout: 'bank',
    isDefault: false,
    send: ['1000', '1000000'],
    receive: ['50000', '150000000'],
    marginBps: 100,
    fees: [
      ['100000', '299', '0'],
      [null, '0', '30'],
    ],
    provider: 'sandbox-bank-transfer',
  },
  {
    id: 'cor_gb_so_cash',
    from: ['GB', 'GBP'],
    to: ['SO', 'USD'],
    payout: 'cash',
    isDefault: true,
    send: ['1000', '200000'],
    receive: ['1000', '300000'],
    marginBps: 150,
    fees: [
      ['25000', '250', '0'],
      ['100000', '350', '0'],
      [null, '0', '35'],
    ],
    provider: 'sandbox-cash-pickup',
  },
  {
    id: 'cor_gb_so_mobile',
    from: ['GB', 'GBP'],
    to: ['SO', 'USD'],
    payout: 'mobile',
    isDefault: false,
    send: ['500', '80000'],
    receive: ['500', '100000'],
    marginBps: 150,
    fees: [
      ['20000', '150', '0'],
      [null, '0', '75'],
    ],
    provider: 'sandbox-mobile-money',
  },
  {
    id: 'cor_gb_in_bank',
    from: ['GB', 'GBP'],
    to: ['IN', 'INR'],
    payout: 'bank',
    isDefault: true,
    send: ['100', '2500000'],
    receive: ['10000', '250000000'],
    marginBps: 80,
    fees: [
      ['50000', '99', '0'],
      [null, '0', '25'],
    ],
    provider: 'sandbox-bank-transfer',
  },
  {
    id: 'cor_se_so_cash',
    from: ['SE', 'SEK'],
    to: ['SO', 'USD'],
    payout: 'cash',
    isDefault: true,
    send: ['10000', '2000000'],
    receive: ['1000', '300000'],
    marginBps: 150,
    fees: [
      ['250000', '2900', '0'],
      [null, '0', '120'],
    ],
    provider: 'sandbox-cash-pickup',
  },
  {
    id: 'cor_se_so_mobile',
    from: ['SE', 'SEK'],
    to: ['SO', 'USD'],
    payout: 'mobile',
    isDefault: false,
    send: ['5000', '1000000'],
    receive: ['500', '100000'],
    marginBps: 150,
    fees: [
      ['200000', '1900', '0'],
      [null, '0', '100'],
    ],
    provider: 'sandbox-mobile-money',
  },
  {
    id: 'cor_us_ke_mobile',
    from: ['US', 'USD'],
    to: ['KE', 'KES'],
    payout: 'mobile',
    isDefault: true,
    send: ['1000', '100000'],
    receive: ['5000', '15000000'],
    marginBps: 120,
    fees: [
      ['10000', '299', '0'],
      ['100000', '399', '0'],
      [null, '0', '40'],
    ],
    provider: 'sandbox-mobile-money',
  },
  {
    id: 'cor_ca_so_cash',
    from: ['CA', 'CAD'],
    to: ['SO', 'USD'],
    payout: 'cash',
    isDefault: true,
    send: ['1500', '400000'],
    receive: ['1000', '300000'],
    marginBps: 150,
    fees: [
      ['30000', '399', '0'],
      [null, '99', '100'],
    ],
    provider: 'sandbox-cash-pickup',
  },
  {
    id: 'cor_be_so_cash',
    from: ['BE', 'EUR'],
    to: ['SO', 'USD'],
    payout: 'cash',
    isDefault: true,
    send: ['1000', '250000'],
    receive: ['1000', '300000'],
    marginBps: 150,
    fees: [
      ['25000', '299', '0'],
      [null, '49', '100'],
    ],
    provider: 'sandbox-cash-pickup',
  },
];
