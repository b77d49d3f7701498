import {
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/mobile';
import type { BeneficiaryMessageKey, MessageParams } from './beneficiary-messages.ts';
import type { BeneficiaryField, BeneficiaryFieldType, BeneficiaryForm, DataSourceName } from './beneficiary-schema.ts';
import { compactIban, ibanCountry, isValidIban } from './iban.ts';
import {
  birthDateBounds,
  type CalendarDate,
  compareDates,
  formatIsoDate,
  isEmail,
  isPersonName,
  parseIsoDate,
} from './rules.ts';

/**
 * The SPEC §5 recipient rules as pure checks. The client's form and the
 * server's create/update calls run the same `validateBeneficiary`, so a form
 * the client accepts is one the server accepts.
 */

/** A failed check: the field, the message id, and the values its text needs. */
export interface FieldError {
  field: string;
  message: BeneficiaryMessageKey;
  params?: MessageParams;
}

type Check = true | { message: BeneficiaryMessageKey; params?: MessageParams };

const fail = (message: BeneficiaryMessageKey, params?: MessageParams): Check =>
  params ? { message, params } : { message };

export interface ValidationContext {
  /** the calendar day expiry and birth dates are judged against */
  today: CalendarDate;
  /**
   * The codes each data source offers for the destination country. A data
   * source left out is not checked (the client before its list has loaded);
   * the server always passes every list the schema names.
   */
  choices?: Partial<Record<DataSourceName, readonly string[]>>;
}

// --- single-value rules ---------------------------------------------------

const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const GENERIC_STRING = /^[\p{L}\p{M}\p{N} '`‘’-]+$/u;
const GENERIC_NUMBER = /^[0-9 ]+$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const COUNTRY = /^[A-Z]{2}$/;
const WALLET_DIGITS = /^\d{10}$/;

/** First, middle and last names: letters of any script, spaces, hyphens and a left quote. */
export function nameRule(value: string): Check {
  return isPersonName(value) || fail('name_characters');
}

/** Account numbers, IBANs, routing numbers, IFSC, documents, post codes, remarks. */
export function letterOrDigitRule(value: string): Check {
  return LETTER_OR_DIGIT.test(value) || fail('letter_or_digit');
}

/** Street and city: at least one letter. */
export function letterRule(value: string): Check {
  return LETTER.test(value) || fail('letter');
}

export function genericStringRule(value: string): Check {
  return GENERIC_STRING.test(value) || fail('generic_string');
}

export function genericNumberRule(value: string): Check {
  return GENERIC_NUMBER.test(value) || fail('generic_number');
}

/** An IBAN with valid check digits, of the destination country. */
export function ibanRule(value: string, country: string): Check {
  const compact = compactIban(value);
  if (!isValidIban(compact)) return fail('iban_invalid');
  return ibanCountry(compact) === country || fail('iban_country', { country });
}

/** Indian Financial System Code: four letters of bank, a zero, six of branch. */
export function ifscRule(value: string): Check {
  return IFSC.test(value) || fail('ifsc_invalid');
}

/** A document that must still be valid: a real YYYY-MM-DD day, today or later. */
export function expiryDateRule(value: string, today: CalendarDate): Check {
  const date = parseIsoDate(value);
  if (!date) return fail('date_format');
  return compareDates(date, today) >= 0 || fail('date_expired');
}

/** A birthday as YYYY-MM-DD: at most 100 years back, at latest yesterday (SPEC §5). */
export function birthdayRule(value: string, today: CalendarDate): Check {
  const date = parseIsoDate(value);
  if (!date) return fail('date_format');
  const { min, max } = birthDateBounds(today);
  const inside = compareDates(date, min) >= 0 && compareDates(date, max) <= 0;
  return inside || fail('birthday_range', { min: formatIsoDate(min), max: formatIsoDate(max) });
}

const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });

export function countryRule(value: string): Check {
  return (COUNTRY.test(value) && regionNames.of(value) !== undefined) || fail('country');
}

function mobileOf(value: string, country: string): PhoneNumber | undefined {
  if (!isSupportedCountry(country)) return undefined;
  return parsePhoneNumberFromString(value, { defaultCountry: country, extract: false });
}

/**
 * A mobile number of the destination country (mobile_country_code_validation):
 * a number of another country says so rather than just "invalid".
 */
export function phoneRule(value: string, country: string): Check {
  const phone = mobileOf(value, country);
  if (!phone || !isSupportedCountry(country)) return fail('phone_invalid');
  if (phone.countryCallingCode !== getCountryCallingCode(country)) return fail('phone_country', { country });
  if (!phone.isValid()) return fail('phone_invalid');
  return phone.country === country || fail('phone_country', { country });
}

/**
 * mobile_wallet_number: an e-mail address, or 10 digits without the country
 * code that make a mobile number of the destination country.
 */
export function walletNumberRule(value: string, country: string): Check {
  if (value.includes('@')) return isEmail(value) || fail('wallet_number');
  if (!WALLET_DIGITS.test(value)) return fail('wallet_number');
  if (isSupportedCountry(country) && value.startsWith(getCountryCallingCode(country))) {
    return fail('wallet_country_code');
  }
  const phone = mobileOf(value, country);
  return (phone?.isValid() === true && phone.country === country) || fail('phone_invalid');
}

// --- normalisation --------------------------------------------------------

const CODE_TYPES: ReadonlySet<BeneficiaryFieldType> = new Set(['ifsc', 'country', 'nationality']);

/**
 * The canonical form of a value, the one checked and stored: trimmed, runs of
 * spaces collapsed, Unicode NFC; IBANs compact, codes upper case, phone
 * numbers E.164, wallet numbers without separators.
 */
export function normalizeBeneficiaryValue(type: BeneficiaryFieldType, raw: string, country: string): string {
  const value = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (value === '') return value;
  if (type === 'iban') return compactIban(value);
  if (CODE_TYPES.has(type)) return value.replace(/ /g, '').toUpperCase();
  if (type === 'international_phone') return mobileOf(value, country)?.number ?? value;
  if (type === 'mobile_wallet_number') return value.includes('@') ? value.toLowerCase() : value.replace(/[ -]/g, '');
  return value;
}

// --- one field, then the whole form ---------------------------------------

function typeRule(field: BeneficiaryField, value: string, country: string, context: ValidationContext): Check {
  switch (field.type) {
    case 'first_name':
    case 'middle_name':
    case 'last_name':
      return nameRule(value);
    case 'international_phone':
      return phoneRule(value, country);
    case 'mobile_wallet_number':
      return walletNumberRule(value, country);
    case 'iban':
      return ibanRule(value, country);
    case 'ifsc':
      return ifscRule(value);
    case 'document_expiry_date':
    case 'sender_document_expiry':
      return expiryDateRule(value, context.today);
    case 'birthday':
      return birthdayRule(value, context.today);
    case 'country':
    case 'nationality':
      return countryRule(value);
    case 'street':
    case 'city':
      return letterRule(value);
    case 'generic_string':
    case 'account_type':
    case 'sender_fund_source':
    case 'province':
    case 'sender_province':
      return genericStringRule(value);
    case 'generic_number':
      return genericNumberRule(value);
    case 'mobile_network_code':
    case 'bank_code':
    case 'collection_point_code':
    case 'purpose_of_transaction':
    case 'relationship':
    case 'account_number':
    case 'routing_number':
    case 'branch_code':
    case 'document_type':
    case 'document_number':
    case 'post_code':
    case 'card_token':
    case 'remarks':
    case 'sender_document_type':
    case 'sender_document_number':
      return letterOrDigitRule(value);
  }
}

function choiceRule(field: BeneficiaryField, value: string, context: ValidationContext): Check {
  const offered = field.options ?? (field.data_source ? context.choices?.[field.data_source] : undefined);
  return !offered || offered.includes(value) || fail('choice');
}

function fieldRule(field: BeneficiaryField, value: string, country: string, context: ValidationContext): Check {
  const length = [...value].length;
  const { min_length, max_length, pattern } = field.constraints;
  if (length < min_length) return fail('too_short', { min: min_length });
  if (length > max_length) return fail('too_long', { max: max_length });
  const typed = typeRule(field, value, country, context);
  if (typed !== true) return typed;
  if (pattern !== undefined && !new RegExp(pattern, 'u').test(value)) return fail('format_invalid');
  return choiceRule(field, value, context);
}

/** Rules between two fields, through `depends_on`; only run when both fields passed their own. */
function dependentRule(schema: BeneficiaryForm, field: BeneficiaryField, value: string, other: string): Check {
  const dependency = schema.fields.find((f) => f.name === field.depends_on);
  if (!dependency) return true;
  if (dependency.type === 'mobile_network_code') {
    const prefixes = schema.constraints.provider_number_prefixes[other];
    if (!prefixes) return true;
    const number = value.includes('@') ? undefined : mobileOf(value, schema.destination_country)?.number;
    const accepted = number !== undefined && prefixes.some((prefix) => number.startsWith(prefix));
    return accepted || fail('provider_prefix', { prefixes: prefixes.join(', ') });
  }
  if (field.type === 'ifsc' && dependency.type === 'bank_code') {
    return value.slice(0, 4) === other || fail('ifsc_bank');
  }
  return true;
}

export interface CheckedBeneficiary {
  /** the canonical values of the schema's fields that were given (empty ones left out) */
  values: Record<string, string>;
  /** in the schema's display order; values the schema does not know come first */
  errors: FieldError[];
}

/** Normalise and check a recipient's values against a corridor's schema. */
export function checkBeneficiary(
  schema: BeneficiaryForm,
  values: Readonly<Record<string, string>>,
  context: ValidationContext,
): CheckedBeneficiary {
  const known = new Set(schema.fields.map((f) => f.name));
  const errors: FieldError[] = Object.keys(values)
    .filter((name) => !known.has(name))
    .map((field) => ({ field, message: 'not_allowed' }));

  const country = schema.destination_country;
  const canonical: Record<string, string> = {};
  for (const field of schema.fields) {
    const value = normalizeBeneficiaryValue(field.type, values[field.name] ?? '', country);
    if (value !== '') canonical[field.name] = value;
  }

  const order = new Map(schema.fields.map((f, index) => [f.name, index]));
  const failed = new Set<string>();
  for (const field of schema.fields) {
    const value = canonical[field.name];
    const check: Check =
      value === undefined ? (field.required ? fail('required') : true) : fieldRule(field, value, country, context);
    if (check !== true) {
      failed.add(field.name);
      errors.push({ field: field.name, ...check });
    }
  }

  for (const field of schema.fields) {
    const value = canonical[field.name];
    const other = field.depends_on === undefined ? undefined : canonical[field.depends_on];
    if (value === undefined || other === undefined || failed.has(field.name) || failed.has(field.depends_on ?? '')) {
      continue;
    }
    const check = dependentRule(schema, field, value, other);
    if (check !== true) errors.push({ field: field.name, ...check });
  }
  errors.sort((a, b) => (order.get(a.field) ?? -1) - (order.get(b.field) ?? -1));
  return { values: canonical, errors };
}

/** The failures of a recipient's values, one per field at most; empty when the form may be sent. */
export function validateBeneficiary(
  schema: BeneficiaryForm,
  values: Readonly<Record<string, string>>,
  context: ValidationContext,
): FieldError[] {
  return checkBeneficiary(schema, values, context).errors;
}
