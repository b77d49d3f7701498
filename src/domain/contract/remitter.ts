import { ONBOARDING_STEPS } from '../onboarding-steps.ts';
import {
  cityRule,
  occupationRule,
  PURPOSES_OF_ACCOUNT,
  postcodeRule,
  REASONS_OF_USAGE,
  ssnRule,
  streetRule,
} from '../remitter.ts';
import { parseIsoDate, type RuleResult } from '../rules.ts';
import { Address } from './address.ts';
import { endpoint } from './endpoint.ts';
import { PersonName, WorldCountryCode } from './fields.ts';
import { trimmed } from './from-string.ts';
import { array, enums, type Infer, nullable, object, optional, pattern, refine, size, string } from './structs.ts';

/**
 * The remitter record a customer builds in onboarding (SPEC §2, §3, §5, §7
 * "Remitter and verification"), the address book behind its address step
 * and the option lists its screens offer. Every call needs the session.
 */

/** A field checked by its SPEC §5 rule (`remitter.ts`), which `description` says in words. */
const ruled = (name: string, rule: (value: string) => RuleResult, description: string) =>
  trimmed(refine(string(), name, rule, { description }));

/** A real day as YYYY-MM-DD; the server then applies the age rule (`isoBirthDateRule`) on its own calendar day. */
const BirthDate = ruled(
  'date_of_birth',
  (value) => parseIsoDate(value) !== undefined || 'The date must be in the format YYYY-MM-DD',
  'a day as YYYY-MM-DD; the sender must be of age',
);
const Province = nullable(size(trimmed(string()), 1, 64));

/** A home address as the customer gives it or picks it from the address book. */
export const AddressInput = object({
  street: ruled('street', streetRule, 'a street address'),
  city: ruled('city', cityRule, 'a city'),
  postcode: ruled('postcode', postcodeRule, "a postcode of the address's country"),
  /** the province or state code where the country has a province list (`GET /remit/options/get-provinces`), else null */
  province: Province,
});
export type AddressInput = Infer<typeof AddressInput>;

/** `POST /remit/remitter/create` body: the first step. A customer who has a record already → 409 AccountAlreadyExists. */
export const RemitterCreateRequest = object({ first_name: PersonName, surname: PersonName });
export type RemitterCreateRequest = Infer<typeof RemitterCreateRequest>;

/**
 * `POST /remit/remitter/update` body: the fields of one or more steps. With
 * no record yet → 404 NotFound; with no field → 400. `usa_state` and `ssn`
 * only from US residents (400 otherwise); an inactive state → 400
 * InvalidInformation on `usa_state`.
 */
export const RemitterUpdateRequest = object({
  first_name: optional(PersonName),
  surname: optional(PersonName),
  /** ISO 3166-1 alpha-2 */
  nationality: optional(WorldCountryCode),
  date_of_birth: optional(BirthDate),
  address: optional(AddressInput),
  occupation: optional(ruled('occupation', occupationRule, 'an occupation')),
  reason_of_usage: optional(enums(REASONS_OF_USAGE)),
  purpose_of_account: optional(enums(Object.keys(PURPOSES_OF_ACCOUNT) as (keyof typeof PURPOSES_OF_ACCOUNT)[])),
  /** USPS code of an active state (`GET /user/usa-states`) */
  usa_state: optional(pattern(string(), /^[A-Z]{2}$/)),
  /** 9 digits, dashes allowed; only its last four are kept and ever returned */
  ssn: optional(ruled('ssn', ssnRule, 'a US social security number')),
});
export type RemitterUpdateRequest = Infer<typeof RemitterUpdateRequest>;

/** What has been saved so far; `next_step` is the screen that asks for what is missing (null: complete). */
export const RemitterDetails = object({
  first_name: nullable(string()),
  surname: nullable(string()),
  nationality: nullable(string()),
  /** YYYY-MM-DD */
  date_of_birth: nullable(string()),
  address: nullable(Address),
  occupation: nullable(string()),
  reason_of_usage: nullable(enums(REASONS_OF_USAGE)),
  purpose_of_account: nullable(string()),
  usa_state: nullable(string()),
  /** the last four digits of the Social Security number; the full number is never kept */
  ssn_last4: nullable(string()),
  next_step: nullable(enums(ONBOARDING_STEPS)),
});
export type RemitterDetails = Infer<typeof RemitterDetails>;

/** `POST /verification/address-plain-lookup` body: the typed text, in the customer's country of residence. */
export const AddressSearchRequest = object({
  query: size(trimmed(string()), 1, 100),
});
export type AddressSearchRequest = Infer<typeof AddressSearchRequest>;

export const AddressSuggestion = object({ id: string(), text: string() });
export const AddressSuggestions = array(AddressSuggestion);
export type AddressSuggestions = Infer<typeof AddressSuggestions>;

/** `POST /verification/address-detail-lookup` body: a suggestion's id. Unknown id → 404 NotFound. */
export const AddressDetailRequest = object({ id: size(string(), 1, 64) });
export type AddressDetailRequest = Infer<typeof AddressDetailRequest>;

/** `GET /remit/options/get-provinces` → the provinces or states of the customer's country of residence (may be empty). */
export const ProvinceList = array(object({ code: string(), name: string() }));
export type ProvinceList = Infer<typeof ProvinceList>;

/** `GET /remit/options/get-purpose-of-account` → codes with English names; screens translate by code. */
export const PurposeOfAccountList = array(object({ code: string(), name: string() }));
export type PurposeOfAccountList = Infer<typeof PurposeOfAccountList>;

export const remitterApi = {
  create: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/remitter/create',
    auth: 'session',
    body: RemitterCreateRequest,
    response: RemitterDetails,
    status: 201,
  }),
  update: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/remitter/update',
    auth: 'session',
    body: RemitterUpdateRequest,
    response: RemitterDetails,
  }),
  temporaryDetails: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/remitter/temporary-details',
    auth: 'session',
    response: RemitterDetails,
  }),
  addressPlainLookup: endpoint({
    method: 'POST',
    base: 'main',
    path: '/verification/address-plain-lookup',
    auth: 'session',
    body: AddressSearchRequest,
    response: AddressSuggestions,
  }),
  addressDetailLookup: endpoint({
    method: 'POST',
    base: 'main',
    path: '/verification/address-detail-lookup',
    auth: 'session',
    body: AddressDetailRequest,
    response: Address,
  }),
  provinces: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/options/get-provinces',
    auth: 'session',
    response: ProvinceList,
  }),
  purposesOfAccount: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/options/get-purpose-of-account',
    auth: 'session',
    response: PurposeOfAccountList,
  }),
} as const;
