import type { Minor } from './money.ts';

/** The brand a source country is served under (SPEC §1: a UK/EU/Canada brand and a US brand). */
export type ProjectName = 'sarraf' | 'sarraf-us';

export interface UsaState {
  /** USPS two-letter code */
  code: string;
  name: string;
  /** whether Sarraf US takes customers resident there */
  isActive: boolean;
}

/** A country Sarraf takes customers from (SPEC §3 country config). */
export interface SourceCountry {
  /** ISO 3166-1 alpha-2 */
  iso2: string;
  /** English name; screens show `Intl.DisplayNames` in the active locale */
  name: string;
  /** ISO 4217 currency customers there pay in */
  currency: string;
  bankIdRegistration: boolean;
  bankIdLogin: boolean;
  project: ProjectName;
  termsAndConditions: string;
  privacyPolicy: string;
  /** the most a customer may send in a calendar year, in minor units of `currency` */
  yearlyLimit: Minor;
}

/** The terms and privacy policy are pages of the app itself (`/legal/<country>/…`), in every language. */
const LEGAL_PATH = '/legal';

function country(
  iso2: string,
  name: string,
  currency: string,
  yearlyLimit: Minor,
  options: { bankId?: boolean; project?: ProjectName } = {},
): SourceCountry {
  const legal = `${LEGAL_PATH}/${iso2.toLowerCase()}`;
  return {
    iso2,
    name,
    currency,
    bankIdRegistration: options.bankId ?? false,
    bankIdLogin: options.bankId ?? false,
    project: options.project ?? 'sarraf',
    termsAndConditions: `${legal}/terms-and-conditions`,
    privacyPolicy: `${legal}/privacy-policy`,
    yearlyLimit,
  };
}

/** Every source country, in the order the country picker lists them. Limits are whole units × 100. */
export const SOURCE_COUNTRIES: readonly SourceCountry[] = [
  country('SE', 'Sweden', 'SEK', 300_000_00n, { bankId: true }),
  country('GB', 'United Kingdom', 'GBP', 25_000_00n),
  country('BE', 'Belgium', 'EUR', 30_000_00n),
  country('DK', 'Denmark', 'DKK', 220_000_00n),
  country('PL', 'Poland', 'PLN', 130_000_00n),
  country('NO', 'Norway', 'NOK', 340_000_00n, { bankId: true }),
  country('IT', 'Italy', 'EUR', 30_000_00n),
  country('FR', 'France', 'EUR', 30_000_00n),
  country('CA', 'Canada', 'CAD', 45_000_00n),
  country('CH', 'Switzerland', 'CHF', 28_000_00n),
  country('HR', 'Croatia', 'EUR', 30_000_00n),
  country('US', 'United States', 'USD', 30_000_00n, { project: 'sarraf-us' }),
];

/** Where a country is not known (no header, no language region) the app starts from the UK. */
export const DEFAULT_SOURCE_COUNTRY = 'GB';

const BY_ISO2 = new Map(SOURCE_COUNTRIES.map((c) => [c.iso2, c]));

/** The source country with this ISO code, in any letter case. */
export function findSourceCountry(iso2: string): SourceCountry | undefined {
  return BY_ISO2.get(iso2.toUpperCase());
}

export function isSourceCountry(iso2: string): boolean {
  return BY_ISO2.has(iso2);
}

/** The 50 states and the District of Columbia; Sarraf US is not licensed in New York. */
export const USA_STATES: readonly UsaState[] = (
  [
    ['AL', 'Alabama'],
    ['AK', 'Alaska'],
    ['AZ', 'Arizona'],
    ['AR', 'Arkansas'],
    ['CA', 'California'],
    ['CO', 'Colorado'],
    ['CT', 'Connecticut'],
    ['DE', 'Delaware'],
    ['DC', 'District of Columbia'],
    ['FL', 'Florida'],
    ['GA', 'Georgia'],
    ['HI', 'Hawaii'],
    ['ID', 'Idaho'],
    ['IL', 'Illinois'],
    ['IN', 'Indiana'],
    ['IA', 'Iowa'],
    ['KS', 'Kansas'],
    ['KY', 'Kentucky'],
    ['LA', 'Louisiana'],
    ['ME', 'Maine'],
    ['MD', 'Maryland'],
    ['MA', 'Massachusetts'],
    ['MI', 'Michigan'],
    ['MN', 'Minnesota'],
    ['MS', 'Mississippi'],
    ['MO', 'Missouri'],
    ['MT', 'Montana'],
    ['NE', 'Nebraska'],
    ['NV', 'Nevada'],
    ['NH', 'New Hampshire'],
    ['NJ', 'New Jersey'],
    ['NM', 'New Mexico'],
    ['NY', 'New York'],
    ['NC', 'North Carolina'],
    ['ND', 'North Dakota'],
    ['OH', 'Ohio'],
    ['OK', 'Oklahoma'],
    ['OR', 'Oregon'],
    ['PA', 'Pennsylvania'],
    ['RI', 'Rhode Island'],
    ['SC', 'South Carolina'],
    ['SD', 'South Dakota'],
    ['TN', 'Tennessee'],
    ['TX', 'Texas'],
    ['UT', 'Utah'],
    ['VT', 'Vermont'],
    ['VA', 'Virginia'],
    ['WA', 'Washington'],
    ['WV', 'West Virginia'],
    ['WI', 'Wisconsin'],
    ['WY', 'Wyoming'],
  ] as const
).map(([code, name]) => ({ code, name, isActive: code !== 'NY' }));

/** The states of a source country (only the United States has them here). */
export function statesOf(iso2: string): readonly UsaState[] {
  return iso2 === 'US' ? USA_STATES : [];
}

/** Share of the yearly limit past which the profile warns that little is left. */
const LIMIT_WARNING_NUMERATOR = 9n;
const LIMIT_WARNING_DENOMINATOR = 10n;

/** Whether 90 % or more of the yearly limit is used. */
export function limitRemainingWarning(limit: Minor, used: Minor): boolean {
  return used * LIMIT_WARNING_DENOMINATOR >= limit * LIMIT_WARNING_NUMERATOR;
}
