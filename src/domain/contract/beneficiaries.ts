import { ACCOUNT_CHECK_RESULTS, ACCOUNT_SEARCH_RESULTS } from '../account-check.ts';
import {
  BENEFICIARY_FIELD_TYPES,
  type BeneficiarySchema,
  DATA_SOURCE_NAMES,
  FIELD_FORMATS,
} from '../beneficiary-schema.ts';
import { CARD_BRANDS } from '../payments.ts';
import { PAYOUT_TYPES } from '../payout-types.ts';
import { endpoint } from './endpoint.ts';
import { upperCased } from './from-string.ts';
import { MobileConfirmation } from './mobile-confirmation.ts';
import { CountryIso2, DataSourceEntry } from './rates.ts';
import {
  array,
  assign,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  object,
  optional,
  record,
  refine,
  string,
} from './structs.ts';

/**
 * Recipients (beneficiaries) and the schema-driven form they are made with:
 * GET /api/v1/schemas/beneficiary, GET /api/v1/data-sources/:name and the
 * /api/v1/beneficiaries calls.
 */

/** A country code in any letter case, upper-cased ("ke" → "KE"). */
const Country = upperCased(CountryIso2);

/** An ISO 4217 code in any letter case, upper-cased ("kes" → "KES"). */
const Currency = upperCased(
  refine(
    string(),
    'currency_iso3',
    (value) => /^[A-Z]{3}$/.test(value) || 'Use a three-letter currency code such as KES',
    { pattern: '^[A-Z]{3}$' },
  ),
);

const MAX_VALUES = 64;

/** A recipient's form values by field name; which names a corridor takes comes from its schema. */
export const BeneficiaryValues = refine(
  record(string(), string()),
  'values',
  (value) => Object.keys(value).length <= MAX_VALUES || `The form has at most ${MAX_VALUES} fields`,
  { maxProperties: MAX_VALUES },
);

// --- schema ---------------------------------------------------------------

/** GET /api/v1/schemas/beneficiary query. */
export const BeneficiarySchemaQuery = object({
  destination_country: Country,
  payout_type: enums(PAYOUT_TYPES),
  destination_currency: Currency,
  source_country: optional(Country),
});
export type BeneficiarySchemaQuery = Infer<typeof BeneficiarySchemaQuery>;

export const BeneficiaryFieldWire = object({
  name: string(),
  type: enums(BENEFICIARY_FIELD_TYPES),
  label_key: string(),
  required: boolean(),
  constraints: object({
    min_length: integer(),
    max_length: integer(),
    pattern: optional(string()),
    format: enums(FIELD_FORMATS),
  }),
  data_source: optional(enums(DATA_SOURCE_NAMES)),
  options: optional(array(string())),
  depends_on: optional(string()),
});

const Link = object({ href: string(), method: enums(['GET', 'POST', 'PUT', 'DELETE']) });

/**
 * 200 body of GET /api/v1/schemas/beneficiary: the fields in display order;
 * in `meta`, where to save, the corridor's cross-field constraints, and where
 * each data source the fields name is fetched (hrefs relative to the API base).
 */
export const BeneficiarySchemaResponse = object({
  data: object({
    destination_country: string(),
    payout_type: enums(PAYOUT_TYPES),
    destination_currency: string(),
    fields: array(BeneficiaryFieldWire),
  }),
  meta: object({
    /** `tokenize_card`: where the browser sends a card field's card (the card payout gateway, not our API) */
    _links: object({ save: Link, tokenize_card: optional(Link) }),
    _constraints: object({
      review_required: boolean(),
      provider_number_prefixes: record(string(), array(string())),
      account_search: optional(
        object({
          account_field: string(),
          when: optional(object({ field: string(), values: array(string()) })),
        }),
      ),
    }),
    _data_sources: record(string(), object({ href: string() })),
  }),
});
export type BeneficiarySchemaResponse = Infer<typeof BeneficiarySchemaResponse>;

/** The schema `validateBeneficiary` takes, from the response that carried it. */
export function toBeneficiarySchema(response: BeneficiarySchemaResponse): BeneficiarySchema {
  return { ...response.data, constraints: response.meta._constraints };
}

// --- data sources ---------------------------------------------------------

/** GET /api/v1/data-sources/:name query. */
export const DataSourceQuery = object({ country: Country });
export type DataSourceQuery = Infer<typeof DataSourceQuery>;

/** One entry of a data source (the quote's transaction options list them too). */
export { DataSourceEntry } from './rates.ts';

/** 200 `data` of GET /api/v1/data-sources/:name. */
export const DataSourceEntries = array(DataSourceEntry);
export type DataSourceEntries = Infer<typeof DataSourceEntries>;

// --- beneficiaries --------------------------------------------------------

/** A recipient in a corridor: the corridor picks the schema the values are checked with. */
const RecipientInCorridor = object({
  destination_country: Country,
  payout_type: enums(PAYOUT_TYPES),
  destination_currency: Currency,
  values: BeneficiaryValues,
});

/**
 * `true` when the customer saw the account lookup's answer (a similar name,
 * or no answer) and chose to save these values anyway; without it such an
 * account is refused (422 AccountCheckNotConfirmed).
 */
const AccountCheckConfirmed = optional(boolean());

/**
 * `true` to have the recipient told by SMS, on the mobile number of their
 * form, when the money is ready to collect or deposited; refused without one.
 * Absent: no on a new recipient, unchanged on an update.
 */
const NotifyBySms = optional(boolean());

/** POST /api/v1/beneficiaries body. */
export const CreateBeneficiaryRequest = assign(
  RecipientInCorridor,
  object({
    account_check_confirmed: AccountCheckConfirmed,
    notify_by_sms: NotifyBySms,
    mobile_confirmation: MobileConfirmation,
  }),
);
export type CreateBeneficiaryRequest = Infer<typeof CreateBeneficiaryRequest>;

/** PUT /api/v1/beneficiaries/:id body: every value of the form again (the corridor stays). */
export const UpdateBeneficiaryRequest = object({
  values: BeneficiaryValues,
  account_check_confirmed: AccountCheckConfirmed,
  notify_by_sms: NotifyBySms,
  mobile_confirmation: MobileConfirmation,
});
export type UpdateBeneficiaryRequest = Infer<typeof UpdateBeneficiaryRequest>;

/** GET /api/v1/beneficiaries query: every filter optional. */
export const BeneficiaryListQuery = object({
  country: optional(Country),
  payout_type: optional(enums(PAYOUT_TYPES)),
  currency: optional(Currency),
  id: optional(string()),
});
export type BeneficiaryListQuery = Infer<typeof BeneficiaryListQuery>;

/** A saved recipient: `data` of create, get and update. */
export const Beneficiary = object({
  /** `ben_…` */
  id: string(),
  country_iso2: string(),
  payout_type: enums(PAYOUT_TYPES),
  currency_iso3: string(),
  first_name: string(),
  middle_name: nullable(string()),
  last_name: string(),
  /** the names joined, as the list shows them */
  display_name: string(),
  /** where the money goes, for the list: network, bank or collection point and a masked number */
  payout_label: string(),
  /** every value of the form, canonical (E.164 phones, compact IBANs), names included */
  values: record(string(), string()),
  /** whether the recipient is told by SMS when the money is ready to collect or deposited */
  notify_by_sms: boolean(),
  /**
   * A card recipient's card (SPEC §3 beneficiary card token): `guid` is the
   * form's `card_token` value, `expire` MM/YY; absent for other payout types.
   */
  card: optional(
    object({
      guid: string(),
      brand: enums(CARD_BRANDS),
      last4: string(),
      expire: string(),
      is_expired: boolean(),
    }),
  ),
  /** ISO 8601 */
  created_at: string(),
  updated_at: string(),
});
export type Beneficiary = Infer<typeof Beneficiary>;

/** 200 `data` of GET /api/v1/beneficiaries (SPEC §7: the list is read from data.data), newest change first. */
export const BeneficiaryList = object({ data: array(Beneficiary) });
export type BeneficiaryList = Infer<typeof BeneficiaryList>;

// --- account lookup -------------------------------------------------------

/** An account holder's names, as a lookup or a search gives them. */
const HolderNameStruct = object({ first_name: string(), middle_name: nullable(string()), last_name: string() });

/** POST /api/v1/beneficiaries/check-account body: the recipient as it would be saved. */
export const CheckAccountRequest = RecipientInCorridor;
export type CheckAccountRequest = Infer<typeof CheckAccountRequest>;

/**
 * 200 `data` of check-account: what the payout provider says of the
 * account and the name; `field`, the form field the account is typed in
 * (null without one); `registered_name`, the holder's name for a close match.
 */
export const AccountCheck = object({
  result: enums(ACCOUNT_CHECK_RESULTS),
  field: nullable(string()),
  registered_name: nullable(HolderNameStruct),
});
export type AccountCheck = Infer<typeof AccountCheck>;

/**
 * POST /api/v1/beneficiaries/search-account body: the corridor and the values
 * its account search reads (the account, and the field its rule depends on).
 */
export const SearchAccountRequest = RecipientInCorridor;
export type SearchAccountRequest = Infer<typeof SearchAccountRequest>;

/** 200 `data` of search-account: what the provider found from the account alone; `holder` when found. */
export const AccountSearch = object({
  result: enums(ACCOUNT_SEARCH_RESULTS),
  field: string(),
  holder: nullable(HolderNameStruct),
});
export type AccountSearch = Infer<typeof AccountSearch>;

const BeneficiaryId = object({
  id: refine(string(), 'id', (value) => value.length > 0 && value.length <= 64, {
    minLength: 1,
    maxLength: 64,
  }),
});

/** The beneficiaries area of the main API: the recipient form's schema and data sources, and the customer's recipients. */
export const beneficiariesApi = {
  getBeneficiarySchema: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/schemas/beneficiary',
    auth: 'none',
    query: BeneficiarySchemaQuery,
    response: BeneficiarySchemaResponse,
    envelope: 'body',
  }),
  getDataSource: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/data-sources/:name',
    auth: 'none',
    params: object({ name: enums(DATA_SOURCE_NAMES) }),
    query: DataSourceQuery,
    response: DataSourceEntries,
    notFound: 'Data source',
  }),
  createBeneficiary: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/v1/beneficiaries',
    auth: 'session',
    body: CreateBeneficiaryRequest,
    response: Beneficiary,
    status: 201,
  }),
  checkAccount: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/v1/beneficiaries/check-account',
    auth: 'session',
    body: CheckAccountRequest,
    response: AccountCheck,
  }),
  searchAccount: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/v1/beneficiaries/search-account',
    auth: 'session',
    body: SearchAccountRequest,
    response: AccountSearch,
  }),
  listBeneficiaries: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/beneficiaries',
    auth: 'session',
    query: BeneficiaryListQuery,
    response: BeneficiaryList,
    offline: 'last-known',
  }),
  getBeneficiary: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/beneficiaries/:id',
    auth: 'session',
    params: BeneficiaryId,
    response: Beneficiary,
    offline: 'last-known',
    notFound: 'Beneficiary',
  }),
  updateBeneficiary: endpoint({
    method: 'PUT',
    base: 'main',
    path: '/api/v1/beneficiaries/:id',
    auth: 'session',
    params: BeneficiaryId,
    body: UpdateBeneficiaryRequest,
    response: Beneficiary,
    notFound: 'Beneficiary',
  }),
  deleteBeneficiary: endpoint({
    method: 'DELETE',
    base: 'main',
    path: '/api/v1/beneficiaries/:id',
    auth: 'session',
    params: BeneficiaryId,
    response: null,
    status: 204,
    notFound: 'Beneficiary',
  }),
} as const;
