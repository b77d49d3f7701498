import { type Kysely, sql } from 'kysely';

/**
 * Every corridor of the price list: each source country (UK, EU/EEA,
 * Switzerland, Canada, US) to Somalia (Somaliland's cities included),
 * Kenya, Ethiopia, Uganda, Nigeria, India, Pakistan, Bangladesh and the
 * Philippines, with the payout types each destination really has, and the
 * payout directories (mobile-money networks, collection points, banks)
 * their recipient forms and the quote screen list.
 *
 * Corridors, and the quotes made from them, gain `delivery_hours`: how long
 * after payment the money is with the recipient at the latest, so the quote
 * can say "arrives by" a date.
 *
 * Routes 0006 seeded keep their prices. New routes take the destination's
 * margin and the payout type's fee bands and send limits, scaled into the
 * source currency by a literal factor: the table below is the price list,
 * every value literal (a migration never changes once run).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('corridors').addColumn('delivery_hours', 'integer').execute();
  // the seeded routes take their destination's delivery time from the table below
  for (const dest of DESTINATIONS) {
    await sql`update corridors set delivery_hours = ${dest.deliveryHours}
      where destination_country_iso2 = ${dest.country} and payout_type = ${dest.payout}`.execute(db);
  }
  await sql`alter table corridors alter column delivery_hours set not null`.execute(db);
  await sql`alter table corridors add constraint corridors_delivery_hours_check
    check (delivery_hours between 1 and 240)`.execute(db);

  // a quote keeps the delivery time it was given, like its rate
  await db.schema.alterTable('quotes').addColumn('delivery_hours', 'integer').execute();
  await sql`update quotes set delivery_hours = corridors.delivery_hours
    from corridors where corridors.id = quotes.corridor_id`.execute(db);
  await sql`alter table quotes alter column delivery_hours set not null`.execute(db);

  const seed = db as Kysely<any>;
  const existing = await seed
    .selectFrom('corridors')
    .select(['source_country_iso2', 'destination_country_iso2', 'payout_type'])
    .execute();
  const taken = new Set(
    existing.map((r: any) => `${r.source_country_iso2}-${r.destination_country_iso2}-${r.payout_type}`),
  );
  const rows = SOURCES.flatMap((source) =>
    DESTINATIONS.filter((d) => !taken.has(`${source[0]}-${d.country}-${d.payout}`)).map((d) => corridorRow(source, d)),
  );
  await seed.insertInto('corridors').values(rows).execute();

  await seed
    .insertInto('payout_mobile_networks')
    .values(MOBILE_NETWORKS.map(([country_iso2, code, name]) => ({ country_iso2, code, name })))
    .execute();
  await seed
    .insertInto('payout_collection_points')
    .values(
      COLLECTION_POINTS.map(([country_iso2, code, name, city, address]) => ({
        country_iso2,
        code,
        name,
        city,
        address,
      })),
    )
    .execute();
  await seed
    .insertInto('payout_banks')
    .values(BANKS.map(([country_iso2, code, name]) => ({ country_iso2, code, name })))
    .execute();
}

/** [country, currency, factor]: the source currency's minor units per GBP minor unit of the base price list. */
type Source = [string, string, bigint];

const SOURCES: Source[] = [
  ['GB', 'GBP', 1n],
  ['SE', 'SEK', 12n],
  ['NO', 'NOK', 12n],
  ['DK', 'DKK', 8n],
  ['BE', 'EUR', 1n],
  ['FR', 'EUR', 1n],
  ['IT', 'EUR', 1n],
  ['HR', 'EUR', 1n],
  ['PL', 'PLN', 5n],
  ['CH', 'CHF', 1n],
  ['CA', 'CAD', 2n],
  ['US', 'USD', 1n],
];

type Payout = 'mobile' | 'cash' | 'bank' | 'wallet';

/** The base price list in GBP minor units: send limits, and fee bands [up_to, fixed, bps]. */
const PAYOUT_PRICES: Record<Payout, { send: [bigint, bigint]; fees: [bigint | null, bigint, bigint][] }> = {
  mobile: {
    send: [1000n, 200000n],
    fees: [
      [10000n, 199n, 0n],
      [50000n, 299n, 0n],
      [null, 99n, 40n],
    ],
  },
  wallet: {
    send: [1000n, 200000n],
    fees: [
      [10000n, 149n, 0n],
      [50000n, 249n, 0n],
      [null, 99n, 35n],
    ],
  },
  cash: {
    send: [1000n, 300000n],
    fees: [
      [25000n, 250n, 0n],
      [100000n, 350n, 0n],
      [null, 0n, 35n],
    ],
  },
  bank: {
    send: [1000n, 1000000n],
    fees: [
      [100000n, 299n, 0n],
      [null, 0n, 30n],
    ],
  },
};

interface Destination {
  country: string;
  currency: string;
  payout: Payout;
  isDefault: boolean;
  marginBps: number;
  /** minor units of the destination currency */
  receive: [string, string];
  provider: string;
  deliveryHours: number;
}

const d = (
  country: string,
  currency: string,
  payout: Payout,
  isDefault: boolean,
  marginBps: number,
  receive: [string, string],
  deliveryHours: number,
): Destination => ({
  country,
  currency,
  payout,
  isDefault,
  marginBps,
  receive,
  provider: PROVIDERS[payout],
  deliveryHours,
});

const PROVIDERS: Record<Payout, string> = {
  mobile: 'sandbox-mobile-money',
  wallet: 'sandbox-mobile-money',
  cash: 'sandbox-cash-pickup',
  bank: 'sandbox-bank-transfer',
};

/** Receive limits in the destination's minor units (UGX and PKR have none: whole units). */
const DESTINATIONS: Destination[] = [
  d('SO', 'USD', 'cash', true, 150, ['1000', '300000'], 1),
  d('SO', 'USD', 'mobile', false, 150, ['500', '100000'], 1),
  d('SO', 'USD', 'bank', false, 130, ['5000', '1000000'], 48),
  d('KE', 'KES', 'mobile', true, 120, ['5000', '15000000'], 1),
  d('KE', 'KES', 'bank', false, 100, ['50000', '150000000'], 72),
  d('ET', 'ETB', 'bank', true, 200, ['50000', '150000000'], 48),
  d('ET', 'ETB', 'cash', false, 200, ['50000', '50000000'], 1),
  d('ET', 'ETB', 'mobile', false, 180, ['10000', '10000000'], 1),
  d('UG', 'UGX', 'mobile', true, 150, ['5000', '15000000'], 1),
  d('UG', 'UGX', 'bank', false, 120, ['50000', '150000000'], 48),
  d('NG', 'NGN', 'bank', true, 150, ['100000', '1500000000'], 24),
  d('NG', 'NGN', 'cash', false, 180, ['100000', '500000000'], 1),
  d('IN', 'INR', 'bank', true, 80, ['10000', '250000000'], 24),
  d('PK', 'PKR', 'bank', true, 100, ['1000', '5000000'], 24),
  d('PK', 'PKR', 'cash', false, 130, ['1000', '1000000'], 1),
  d('PK', 'PKR', 'wallet', false, 120, ['500', '500000'], 1),
  d('BD', 'BDT', 'bank', true, 100, ['50000', '100000000'], 48),
  d('BD', 'BDT', 'cash', false, 130, ['50000', '30000000'], 1),
  d('BD', 'BDT', 'mobile', false, 120, ['10000', '5000000'], 1),
  d('PH', 'PHP', 'cash', true, 120, ['50000', '20000000'], 1),
  d('PH', 'PHP', 'bank', false, 100, ['50000', '50000000'], 24),
  d('PH', 'PHP', 'wallet', false, 110, ['10000', '10000000'], 1),
];

function corridorRow([country, currency, factor]: Source, dest: Destination) {
  const price = PAYOUT_PRICES[dest.payout];
  return {
    id: `cor_${country}_${dest.country}_${dest.payout}`.toLowerCase(),
    source_country_iso2: country,
    source_currency: currency,
    destination_country_iso2: dest.country,
    destination_currency: dest.currency,
    payout_type: dest.payout,
    is_default_payout_type: dest.isDefault,
    min_send_amount: (price.send[0] * factor).toString(),
    max_send_amount: (price.send[1] * factor).toString(),
    min_destination_amount: dest.receive[0],
    max_destination_amount: dest.receive[1],
    fx_margin_bps: dest.marginBps,
    fee_schedule: JSON.stringify(
      price.fees.map(([upTo, fixed, bps]) => ({
        up_to: upTo === null ? null : (upTo * factor).toString(),
        fixed: (fixed * factor).toString(),
        bps: bps.toString(),
      })),
    ),
    payout_provider_name: dest.provider,
    delivery_hours: dest.deliveryHours,
  };
}

/** [country, code, name]: mobile-money networks and wallets. */
const MOBILE_NETWORKS: [string, string, string][] = [
  ['ET', 'TELEBIRR', 'Ethio telecom telebirr'],
  ['ET', 'MPESAET', 'Safaricom M-PESA Ethiopia'],
  ['UG', 'MTN', 'MTN Mobile Money'],
  ['UG', 'AIRTEL', 'Airtel Money Uganda'],
  ['BD', 'BKASH', 'bKash'],
  ['BD', 'NAGAD', 'Nagad'],
  ['BD', 'ROCKET', 'Rocket'],
  ['PK', 'JAZZCASH', 'JazzCash'],
  ['PK', 'EASYPAISA', 'Easypaisa'],
  ['PH', 'GCASH', 'GCash'],
  ['PH', 'MAYA', 'Maya'],
];

/** [country, code, name, city, address]: agent points, coded by the city's airport code. */
const COLLECTION_POINTS: [string, string, string, string, string][] = [
  ['SO', 'BOR-CTR', 'Borama Central Agent', 'Borama', 'Main Street, central Borama'],
  ['SO', 'ERG-CTR', 'Erigavo Central Agent', 'Erigavo', 'Market Road, Erigavo'],
  ['SO', 'LAN-CTR', 'Las Anod Agent', 'Las Anod', 'Central Market, Las Anod'],
  ['SO', 'GBL-CTR', 'Gabiley Agent', 'Gabiley', 'Main Road, Gabiley'],
  ['SO', 'ZLA-CTR', 'Zeila Agent', 'Zeila', 'Old Town, Zeila'],
  ['SO', 'SHK-CTR', 'Sheikh Agent', 'Sheikh', 'Main Street, Sheikh'],
  ['ET', 'ADD-BOL', 'Bole Agent', 'Addis Ababa', 'Bole Road, Bole Sub-city'],
  ['ET', 'ADD-MRK', 'Merkato Agent', 'Addis Ababa', 'Merkato, Addis Ketema Sub-city'],
  ['ET', 'DIR-CTR', 'Dire Dawa Central Agent', 'Dire Dawa', 'Kezira, Dire Dawa'],
  ['ET', 'JIJ-CTR', 'Jijiga Central Agent', 'Jijiga', 'Main Market, Jijiga'],
  ['NG', 'LOS-IKJ', 'Ikeja Agent', 'Lagos', 'Obafemi Awolowo Way, Ikeja'],
  ['NG', 'LOS-VIC', 'Victoria Island Agent', 'Lagos', 'Adeola Odeku Street, Victoria Island'],
  ['NG', 'ABV-WUS', 'Wuse Market Agent', 'Abuja', 'Wuse Market, Zone 5'],
  ['NG', 'KAN-SBG', 'Sabon Gari Agent', 'Kano', 'Sabon Gari Market, Kano'],
  ['PK', 'KHI-SDR', 'Saddar Agent', 'Karachi', 'Abdullah Haroon Road, Saddar'],
  ['PK', 'LHE-ANR', 'Anarkali Agent', 'Lahore', 'Anarkali Bazaar, Lahore'],
  ['PK', 'ISB-BLU', 'Blue Area Agent', 'Islamabad', 'Jinnah Avenue, Blue Area'],
  ['BD', 'DAC-MTJ', 'Motijheel Agent', 'Dhaka', 'Motijheel Commercial Area, Dhaka'],
  ['BD', 'CGP-AGR', 'Agrabad Agent', 'Chittagong', 'Agrabad Commercial Area, Chittagong'],
  ['BD', 'ZYL-ZND', 'Zindabazar Agent', 'Sylhet', 'Zindabazar, Sylhet'],
  ['PH', 'MNL-ERM', 'Ermita Agent', 'Manila', 'M. H. del Pilar Street, Ermita'],
  ['PH', 'CEB-COL', 'Colon Street Agent', 'Cebu City', 'Colon Street, Cebu City'],
  ['PH', 'DVO-SPD', 'San Pedro Agent', 'Davao City', 'San Pedro Street, Davao City'],
];

/**
 * [country, code, name]. Nigeria: the CBN bank code of NUBAN. Pakistan:
 * the four letters of the bank in its IBANs. Others: the partner's code.
 */
const BANKS: [string, string, string][] = [
  ['SO', 'PREMIER', 'Premier Bank'],
  ['SO', 'SALAAM', 'Salaam Somali Bank'],
  ['SO', 'IBS', 'International Bank of Somalia'],
  ['SO', 'DAHABSHIL', 'Dahabshil Bank International'],
  ['ET', 'CBE', 'Commercial Bank of Ethiopia'],
  ['ET', 'AWASH', 'Awash Bank'],
  ['ET', 'DASHEN', 'Dashen Bank'],
  ['ET', 'BOA', 'Bank of Abyssinia'],
  ['UG', 'STANBIC', 'Stanbic Bank Uganda'],
  ['UG', 'CENTENARY', 'Centenary Bank'],
  ['UG', 'DFCU', 'dfcu Bank'],
  ['UG', 'ABSA', 'Absa Bank Uganda'],
  ['NG', '044', 'Access Bank'],
  ['NG', '058', 'Guaranty Trust Bank'],
  ['NG', '011', 'First Bank of Nigeria'],
  ['NG', '057', 'Zenith Bank'],
  ['NG', '033', 'United Bank for Africa'],
  ['PK', 'HABB', 'Habib Bank Limited'],
  ['PK', 'MUCB', 'MCB Bank'],
  ['PK', 'UNIL', 'United Bank Limited'],
  ['PK', 'MEZN', 'Meezan Bank'],
  ['PK', 'ABPA', 'Allied Bank'],
  ['BD', 'SONALI', 'Sonali Bank'],
  ['BD', 'DBBL', 'Dutch-Bangla Bank'],
  ['BD', 'BRAC', 'BRAC Bank'],
  ['BD', 'IBBL', 'Islami Bank Bangladesh'],
  ['PH', 'BDO', 'BDO Unibank'],
  ['PH', 'BPI', 'Bank of the Philippine Islands'],
  ['PH', 'MBTC', 'Metrobank'],
  ['PH', 'LBP', 'Land Bank of the Philippines'],
];
