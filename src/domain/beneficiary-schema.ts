import type { PayoutType } from './payout-types.ts';

/**
 * The vocabulary recipient forms are built from (SPEC §3 "Beneficiary schema
 * field types", in display order). A corridor's schema lists fields of these
 * types; the client renders the form from the schema and both sides check
 * the values with `validateBeneficiary`, so no country is hand-coded.
 */
export const BENEFICIARY_FIELD_TYPES = [
  'country',
  'first_name',
  'middle_name',
  'last_name',
  'international_phone',
  'mobile_network_code',
  'iban',
  'account_number',
  'bank_code',
  'routing_number',
  'branch_code',
  'ifsc',
  'collection_point_code',
  'document_type',
  'document_number',
  'document_expiry_date',
  'city',
  'street',
  'post_code',
  'card_token',
  'purpose_of_transaction',
  'remarks',
  'generic_string',
  'generic_number',
  'account_type',
  'sender_document_type',
  'sender_document_number',
  'sender_fund_source',
  'sender_document_expiry',
  'relationship',
  'mobile_wallet_number',
  'sender_province',
  'province',
  'nationality',
  'birthday',
] as const;

export type BeneficiaryFieldType = (typeof BENEFICIARY_FIELD_TYPES)[number];

/**
 * How the client presents an input: `name` blocks digits as typed, `phone`
 * and `digits` open a numeric keypad, `date` uses the 0000-00-00 mask,
 * `iban` groups by four, `code` upper-cases, `email_or_digits` takes a
 * wallet number or an e-mail address, `choice` is a select.
 */
export const FIELD_FORMATS = [
  'text',
  'name',
  'phone',
  'digits',
  'date',
  'iban',
  'code',
  'email_or_digits',
  'choice',
] as const;

export type FieldFormat = (typeof FIELD_FORMATS)[number];

export const FIELD_TYPE_FORMATS: Readonly<Record<BeneficiaryFieldType, FieldFormat>> = {
  country: 'choice',
  first_name: 'name',
  middle_name: 'name',
  last_name: 'name',
  international_phone: 'phone',
  mobile_network_code: 'choice',
  iban: 'iban',
  account_number: 'text',
  bank_code: 'choice',
  routing_number: 'text',
  branch_code: 'text',
  ifsc: 'code',
  collection_point_code: 'choice',
  document_type: 'text',
  document_number: 'text',
  document_expiry_date: 'date',
  city: 'text',
  street: 'text',
  post_code: 'text',
  card_token: 'text',
  purpose_of_transaction: 'choice',
  remarks: 'text',
  generic_string: 'text',
  generic_number: 'digits',
  account_type: 'text',
  sender_document_type: 'text',
  sender_document_number: 'text',
  sender_fund_source: 'text',
  sender_document_expiry: 'date',
  relationship: 'choice',
  mobile_wallet_number: 'email_or_digits',
  sender_province: 'text',
  province: 'text',
  nationality: 'choice',
  birthday: 'date',
};

/** SPEC §9: beneficiary text fields are 1 to 256 characters. */
export const BENEFICIARY_TEXT_MIN_LENGTH = 1;
export const BENEFICIARY_TEXT_MAX_LENGTH = 256;

/** Lists the server serves at GET /api/v1/data-sources/:name?country=XX. */
export const DATA_SOURCE_NAMES = ['mobile-networks', 'collection-points', 'banks'] as const;

export type DataSourceName = (typeof DATA_SOURCE_NAMES)[number];

export interface FieldConstraints {
  /** in characters (code points), after surrounding spaces are dropped */
  min_length: number;
  max_length: number;
  /** a corridor's extra rule: an anchored regular expression source, Unicode mode */
  pattern?: string;
  format: FieldFormat;
}

export interface BeneficiaryField {
  /** the key of the value in the form and in the API's `values` */
  name: string;
  type: BeneficiaryFieldType;
  /** the message id of the label the client shows */
  label_key: string;
  required: boolean;
  constraints: FieldConstraints;
  /** the value is the `code` of an entry of this data source */
  data_source?: DataSourceName;
  /** the value is one of these codes (the client shows their translated names) */
  options?: string[];
  /** the field whose value this field's check reads: check again when it changes */
  depends_on?: string;
}

/** Rules of a corridor that reach beyond one field. */
export interface BeneficiarySchemaConstraints {
  /**
   * SPEC §9 confirm-review: the customer reviews the recipient before continuing (the deployment's
   * CONFIRM_REVIEW_PAYOUT_TYPES, set on the schema as it is served)
   */
  review_required: boolean;
  /**
   * Numbers a mobile network accepts, by network code, as international
   * prefixes (SPEC §5: one provider takes only +25262, +25265, +25266).
   */
  provider_number_prefixes: Record<string, string[]>;
  /** SPEC §5's forced account search, where the corridor has one and an account lookup is there to make it */
  account_search?: AccountSearchRule;
}

/**
 * SPEC §5: for some providers the holder's names are not typed: the account
 * is searched as its number is typed, the names are filled from the answer,
 * and the recipient is saved only with those names.
 */
export interface AccountSearchRule {
  /** the field the account is typed in */
  account_field: string;
  /** only while this field holds one of these values (a mobile network); absent: always */
  when?: { field: string; values: string[] };
}

/** Whether the forced account search holds for these values: the names are then the account holder's. */
export function accountSearchApplies(
  rule: AccountSearchRule | undefined,
  values: Readonly<Record<string, string>>,
): boolean {
  if (!rule) return false;
  return !rule.when || rule.when.values.includes(values[rule.when.field] ?? '');
}

/** The recipient form of one destination country, payout type and currency, as its values are checked. */
export interface BeneficiaryForm {
  destination_country: string;
  payout_type: PayoutType;
  destination_currency: string;
  fields: BeneficiaryField[];
  constraints: Omit<BeneficiarySchemaConstraints, 'review_required'>;
}

/** The recipient form as it is served: with what the deployment decides of it. */
export interface BeneficiarySchema extends BeneficiaryForm {
  constraints: BeneficiarySchemaConstraints;
}

/** Field names stored as a recipient's name, whatever the corridor. */
export const NAME_FIELDS = ['first_name', 'middle_name', 'last_name'] as const;
