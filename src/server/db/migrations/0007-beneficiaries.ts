import { type Kysely, sql } from 'kysely';

/**
 * Recipients (beneficiaries) and the payout directories their forms choose
 * from: mobile-money networks, cash collection points and banks.
 *
 * The directories are seeded here, like the launch corridors: they are the
 * payout partners' reference data every environment must hold identically.
 * They are rows, not code, because they change without a release (an agent
 * point closes: `active = false`) and other areas join them (the quote
 * screen lists them). A later change is a new migration. Values are literal
 * on purpose: a migration never changes once run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('beneficiaries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('country_iso2', 'char(2)', (c) => c.notNull())
    .addColumn('payout_type', 'text', (c) => c.notNull())
    .addColumn('currency_iso3', 'char(3)', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('middle_name', 'text')
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('payout_label', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint(
      'beneficiaries_payout_type_check',
      sql`payout_type in ('mobile', 'cash', 'bank', 'card', 'wallet')`,
    )
    .addCheckConstraint('beneficiaries_codes_check', sql`country_iso2 ~ '^[A-Z]{2}$' and currency_iso3 ~ '^[A-Z]{3}$'`)
    .addCheckConstraint('beneficiaries_fields_check', sql`jsonb_typeof(fields) = 'object'`)
    .execute();
  // One live recipient per payout account and customer; the duplicate check holds under concurrent saves.
  await sql`create unique index beneficiaries_fingerprint_key on beneficiaries
    (customer_id, fingerprint) where deleted_at is null`.execute(db);
  // The recipients list: one customer's live recipients, most recently changed first.
  await sql`create index beneficiaries_customer_idx on beneficiaries
    (customer_id, updated_at desc) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('payout_mobile_networks')
    .addColumn('country_iso2', 'char(2)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('payout_mobile_networks_pkey', ['country_iso2', 'code'])
    .execute();

  await db.schema
    .createTable('payout_collection_points')
    .addColumn('country_iso2', 'char(2)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('payout_collection_points_pkey', ['country_iso2', 'code'])
    .execute();

  await db.schema
    .createTable('payout_banks')
    .addColumn('country_iso2', 'char(2)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('payout_banks_pkey', ['country_iso2', 'code'])
    .execute();

  const seed = db as Kysely<any>;
  await seed
    .insertInto('payout_mobile_networks')
    .values(MOBILE_NETWORKS.map(([country_iso2, code, name]) => ({ country_iso2, code, name })))
    .execute();
  await seed
    .insertInto('payout_collection_points')
    .values(COLLECTION_POINTS.map(([code, name, city, address]) => ({ country_iso2: 'SO', code, name, city, address })))
    .execute();
  await seed
    .insertInto('payout_banks')
    .values(BANKS.map(([country_iso2, code, name]) => ({ country_iso2, code, name })))
    .execute();
}

/** [country, code, name] */
const MOBILE_NETWORKS: [string, string, string][] = [
  ['KE', 'MPESA', 'Safaricom M-PESA'],
  ['KE', 'AIRTEL', 'Airtel Money'],
  ['SO', 'HRM', 'Hormuud EVC Plus'],
  ['SO', 'EDH', 'Somtel e-Dahab'],
  ['SO', 'GLS', 'Golis Sahal'],
  ['SO', 'ZAAD', 'Telesom ZAAD'],
];

/** Somali agent points, coded by the city's airport code: [code, name, city, address] */
const COLLECTION_POINTS: [string, string, string, string][] = [
  ['MGQ-BKR', 'Bakaara Market Agent', 'Mogadishu', 'Bakaara Market, Hawl Wadaag District'],
  ['MGQ-KM4', 'KM4 Junction Agent', 'Mogadishu', 'Maka Al-Mukarama Road, KM4, Hodan District'],
  ['MGQ-HMW', 'Hamarweyne Agent', 'Mogadishu', 'Hamarweyne District, near the old port'],
  ['MGQ-WDJ', 'Wadajir Agent', 'Mogadishu', 'Airport Road, Wadajir District'],
  ['HGA-WHN', 'Waheen Market Agent', 'Hargeisa', 'Waheen Market, central Hargeisa'],
  ['HGA-26J', '26 June Agent', 'Hargeisa', 'Independence Road, 26 June District'],
  ['BUO-CTR', 'Burao Central Agent', 'Burao', 'Main Market Street, Burao'],
  ['BBO-PRT', 'Berbera Port Agent', 'Berbera', 'Port Road, Berbera'],
  ['GGR-CTR', 'Garowe Central Agent', 'Garowe', 'Garowe–Bosaso Road, central Garowe'],
  ['GLK-NRT', 'Galkayo North Agent', 'Galkayo', 'Main Road, North Galkayo'],
  ['BSA-MKT', 'Bosaso Market Agent', 'Bosaso', 'Suuq Weyne, Bosaso'],
  ['BSA-PRT', 'Bosaso Port Agent', 'Bosaso', 'Port Road, Bosaso'],
  ['KMU-CAL', 'Calanley Agent', 'Kismayo', 'Calanley District, Kismayo'],
  ['KMU-FRJ', 'Farjano Agent', 'Kismayo', 'Farjano District, near the port, Kismayo'],
  ['BIB-MKT', 'Baidoa Market Agent', 'Baidoa', 'Main Market, Baidoa'],
  ['BLW-CTR', 'Beledweyne Central Agent', 'Beledweyne', 'Bridge Road, Beledweyne'],
];

/**
 * [country, code, name]. Kenya: the Central Bank of Kenya bank code.
 * India: the bank's four letters that begin each of its branches' IFSC.
 */
const BANKS: [string, string, string][] = [
  ['KE', '01', 'KCB Bank Kenya'],
  ['KE', '02', 'Standard Chartered Bank Kenya'],
  ['KE', '03', 'Absa Bank Kenya'],
  ['KE', '07', 'NCBA Bank Kenya'],
  ['KE', '11', 'Co-operative Bank of Kenya'],
  ['KE', '31', 'Stanbic Bank Kenya'],
  ['KE', '57', 'I&M Bank'],
  ['KE', '63', 'Diamond Trust Bank Kenya'],
  ['KE', '68', 'Equity Bank Kenya'],
  ['KE', '70', 'Family Bank'],
  ['IN', 'SBIN', 'State Bank of India'],
  ['IN', 'HDFC', 'HDFC Bank'],
  ['IN', 'ICIC', 'ICICI Bank'],
  ['IN', 'UTIB', 'Axis Bank'],
  ['IN', 'PUNB', 'Punjab National Bank'],
  ['IN', 'BARB', 'Bank of Baroda'],
  ['IN', 'CNRB', 'Canara Bank'],
  ['IN', 'UBIN', 'Union Bank of India'],
  ['IN', 'KKBK', 'Kotak Mahindra Bank'],
  ['IN', 'IDIB', 'Indian Bank'],
  ['IN', 'FDRL', 'Federal Bank'],
  ['IN', 'YESB', 'Yes Bank'],
];
