import { ClientProviders } from './client-providers.ts';
import { endpoint } from './endpoint.ts';
import { Email } from './fields.ts';
import { array, boolean, enums, type Infer, object, string } from './structs.ts';

/**
 * The service locator (SPEC §7), mounted at `/api/locator`: which countries
 * Sarraf serves and which API base and brand a country or a customer uses.
 */

/** One state of the United States (also `GET {main}/user/usa-states`). */
export const UsaStateView = object({
  /** USPS code, e.g. "TX" */
  code: string(),
  name: string(),
  /** false: Sarraf US takes no customers resident there */
  is_active: boolean(),
});
export type UsaStateView = Infer<typeof UsaStateView>;

/** `GET /api/locator/countries/:iso2` → `data`; the list call returns an array of these. */
export const SourceCountryView = object({
  /** ISO 3166-1 alpha-2, upper case */
  iso2: string(),
  /** English name; show `Intl.DisplayNames` in the active locale instead */
  name: string(),
  /** ISO 4217 */
  currency: string(),
  bank_id_registration: boolean(),
  bank_id_login: boolean(),
  /** base path of the main API for this country, relative to the site origin ("/api/main") */
  middleware_url: string(),
  /** base path of the OAuth-style API used to register and verify ("/api/oauth") */
  oauth_url: string(),
  project_name: enums(['sarraf', 'sarraf-us']),
  terms_and_conditions: string(),
  privacy_policy: string(),
  /** the United States' states; empty for every other country */
  states: array(UsaStateView),
});
export type SourceCountryView = Infer<typeof SourceCountryView>;

/** `GET /api/locator/countries` → `data` */
export const SourceCountryList = array(SourceCountryView);
export type SourceCountryList = Infer<typeof SourceCountryList>;

/**
 * `GET /api/locator/users?email=` (query). Any well-formed e-mail gets the
 * same answer, registered or not (the locator reveals no account).
 */
export const LocatorUserQuery = object({ email: Email });
export type LocatorUserQuery = Infer<typeof LocatorUserQuery>;

/**
 * `GET /api/locator/users?email=` → `data`: where to sign in. One API base
 * serves every customer; `project_name` is the brand of the caller's
 * detected country, not of the account (the sign-in answer tells that).
 */
export const LocatorUser = object({
  middleware_url: string(),
  project_name: enums(['sarraf', 'sarraf-us']),
});
export type LocatorUser = Infer<typeof LocatorUser>;

/** The service locator: which countries Sarraf serves and where each country's and customer's API lives. */
export const locatorApi = {
  listSourceCountries: endpoint({
    method: 'GET',
    base: 'locator',
    path: '/countries',
    auth: 'none',
    response: SourceCountryList,
    offline: 'last-known',
  }),
  getSourceCountry: endpoint({
    method: 'GET',
    base: 'locator',
    path: '/countries/:iso2',
    auth: 'none',
    params: object({ iso2: string() }),
    response: SourceCountryView,
    offline: 'last-known',
  }),
  locateUser: endpoint({
    method: 'GET',
    base: 'locator',
    path: '/users',
    auth: 'none',
    query: LocatorUserQuery,
    response: LocatorUser,
  }),
  /** the browser's own outside services (captcha, analytics, error reports, chat) and where they are */
  clientProviders: endpoint({
    method: 'GET',
    base: 'locator',
    path: '/client-providers',
    auth: 'none',
    response: ClientProviders,
  }),
} as const;
