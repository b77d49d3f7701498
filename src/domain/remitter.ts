import { ONBOARDING_STEPS, type OnboardingStep } from './onboarding-steps.ts';
import { birthDateRule, type CalendarDate, parseIsoDate, type RuleResult } from './rules.ts';

/**
 * The remitter record a customer builds during onboarding (SPEC §2 "Onboarding
 * steps", §3 Remitter, §5): the steps in order, the choices they offer and
 * the rules of each field, shared by the screens and the server.
 */

/** Why the customer will use the account (SPEC §2). */
export const REASONS_OF_USAGE = [
  'family_support',
  'goods_and_services',
  'investing',
  'bills',
  'loan_mortgage',
  'savings',
  'salary',
] as const;
export type ReasonOfUsage = (typeof REASONS_OF_USAGE)[number];

/** The purposes of account `GET /remit/options/get-purpose-of-account` offers, with their English names. */
export const PURPOSES_OF_ACCOUNT = {
  family_and_friends: 'Sending money to family and friends',
  own_accounts: 'Moving money between my own accounts',
  education: 'Paying for education abroad',
  medical: 'Paying for medical care abroad',
  property: 'Buying or renting property abroad',
  business: 'Paying suppliers or business partners',
} as const;
export type PurposeOfAccount = keyof typeof PURPOSES_OF_ACCOUNT;

export const isPurposeOfAccount = (code: string): code is PurposeOfAccount => Object.hasOwn(PURPOSES_OF_ACCOUNT, code);

export const OCCUPATION_MAX_LENGTH = 100;
export const STREET_MAX_LENGTH = 256;
export const CITY_MAX_LENGTH = 100;
export const POSTCODE_MAX_LENGTH = 16;

export const OCCUPATION_MESSAGE = 'The occupation must contain at least one letter';
export const STREET_MESSAGE = 'The street must contain at least one letter';
export const CITY_MESSAGE = 'The city must contain at least one letter';
export const POSTCODE_MESSAGE = 'Use letters, digits, spaces and hyphens only';
export const SSN_MESSAGE = 'The Social Security number has 9 digits';
export const SSN_NOT_ISSUED_MESSAGE =
  'No Social Security number starts with 000, 666 or 9, or has 00 or 0000 as its middle or last digits. Check the number.';

const LETTER = /\p{L}/u;
const POSTCODE = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;
/** 9 digits, optionally as AAA-GG-SSSS; never area 000, 666 or 9xx, group 00 or serial 0000 (SSA rules). */
const SSN = /^(?!000|666|9\d\d)(\d{3})-?(?!00)(\d{2})-?(?!0000)(\d{4})$/;

const within = (value: string, max: number, field: string): RuleResult =>
  value.length <= max || `The ${field} must not be longer than ${max} characters`;

/** Occupation: at least one letter (SPEC §5 "occupation"). */
export function occupationRule(value: string): RuleResult {
  const length = within(value, OCCUPATION_MAX_LENGTH, 'occupation');
  if (length !== true) return length;
  return LETTER.test(value) || OCCUPATION_MESSAGE;
}

export function streetRule(value: string): RuleResult {
  const length = within(value, STREET_MAX_LENGTH, 'street');
  if (length !== true) return length;
  return LETTER.test(value) || STREET_MESSAGE;
}

export function cityRule(value: string): RuleResult {
  const length = within(value, CITY_MAX_LENGTH, 'city');
  if (length !== true) return length;
  return LETTER.test(value) || CITY_MESSAGE;
}

export function postcodeRule(value: string): RuleResult {
  const length = within(value, POSTCODE_MAX_LENGTH, 'postcode');
  if (length !== true) return length;
  return POSTCODE.test(value) || POSTCODE_MESSAGE;
}

/** A US Social Security number: 9 digits (dashes allowed), in the ranges the SSA issues. */
export function ssnRule(value: string): RuleResult {
  if (SSN.test(value)) return true;
  // nine digits in the right shape, but not a number the SSA issues: saying "has 9 digits" would puzzle
  return /^\d{3}-?\d{2}-?\d{4}$/.test(value) ? SSN_NOT_ISSUED_MESSAGE : SSN_MESSAGE;
}

/** The last four digits of a number `ssnRule` accepts: all the server keeps of it. */
export function ssnLastFour(value: string): string {
  return value.replace(/-/g, '').slice(-4);
}

/** A date of birth on the wire (YYYY-MM-DD), judged as the form's DD/MM/YYYY: a real day, ≤ 100 years back, before today, age ≥ 18. */
export function isoBirthDateRule(value: string, today: CalendarDate): RuleResult {
  const date = parseIsoDate(value);
  if (!date) return 'The date must be in the format YYYY-MM-DD';
  return birthDateRule(isoToDayMonthYear(value), today);
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (the form's format). */
export function isoToDayMonthYear(value: string): string {
  return value.split('-').reverse().join('/');
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD' (the wire format); the shape is assumed checked. */
export function dayMonthYearToIso(value: string): string {
  return value.split('/').reverse().join('-');
}

/** Which parts of the record are filled in: what decides the next step. */
export interface RemitterProgress {
  name: boolean;
  nationality: boolean;
  dateOfBirth: boolean;
  address: boolean;
  occupation: boolean;
  /** reason of usage and purpose of account, asked on one screen */
  usage: boolean;
  /** state and Social Security number */
  usa: boolean;
}

/** The step that asks for what is missing; null once the record is complete. */
export function nextOnboardingStep(progress: RemitterProgress, residence: string): OnboardingStep | null {
  const done: Record<OnboardingStep, boolean> = {
    'registration-name': progress.name,
    'registration-nationality': progress.nationality,
    'registration-date-of-birthday': progress.dateOfBirth,
    'address-search': progress.address,
    occupation: progress.occupation,
    'registration-reason-of-usage': progress.usage,
    ssn: residence !== 'US' || progress.usa,
  };
  return ONBOARDING_STEPS.find((step) => !done[step]) ?? null;
}

/** The steps a resident of `residence` goes through. */
export function stepsFor(residence: string): readonly OnboardingStep[] {
  return residence === 'US' ? ONBOARDING_STEPS : ONBOARDING_STEPS.filter((step) => step !== 'ssn');
}
