/**
 * Validation rules of SPEC §5 shared by the client's forms and the server's
 * contract checks. Each rule answers `true` or the message to show.
 */

export type RuleResult = true | string;

// --- e-mail ---------------------------------------------------------------

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;
export const EMAIL_MESSAGE = 'The email field must be a valid email';

/** Dot-atom local part (RFC 5322 without quoted strings): no leading, trailing or doubled dot. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** Host name labels of 1–63 letters, digits and inner hyphens; an alphabetic or punycode top-level domain. */
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** An address a mail server would accept for delivery; surrounding spaces are the caller's to trim. */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return local.length <= LOCAL_PART_MAX_LENGTH && LOCAL_PART.test(local) && DOMAIN.test(domain);
}

export function emailRule(value: string): RuleResult {
  if (value === '') return 'The email field is required';
  return isEmail(value) || EMAIL_MESSAGE;
}

/**
 * The key an e-mail address is known by: one account per address whatever
 * its letter case (matches the database's `lower(email)` unique index).
 */
export function emailKey(value: string): string {
  return value.trim().toLowerCase();
}

/** not_email: must not contain @. */
export function notEmailRule(value: string): RuleResult {
  return !value.includes('@') || 'The field must not be an email';
}

// --- password -------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing stays cheap to refuse. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MESSAGE = 'A number and letter, and at least 6 characters.';
export const PASSWORD_TOO_LONG_MESSAGE = `The password must not be longer than ${PASSWORD_MAX_LENGTH} characters`;

const LETTER = /\p{L}/u;
const DIGIT = /[0-9]/;

/** At least 6 characters (code points), with a letter and a number. */
export function passwordRule(value: string): RuleResult {
  if (value === '') return 'The password field is required';
  const length = [...value].length;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return (length >= PASSWORD_MIN_LENGTH && LETTER.test(value) && DIGIT.test(value)) || PASSWORD_MESSAGE;
}

export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the old one';

/** is_not: a new password must differ from the one it replaces. */
export function differentPasswordRule(oldPassword: string, newPassword: string): RuleResult {
  return oldPassword !== newPassword || SAME_PASSWORD_MESSAGE;
}

// --- people's names -------------------------------------------------------

export const NAME_MAX_LENGTH = 100;
export const NAME_MESSAGE = 'Use letters, spaces, hyphens and apostrophes only';
export const NAME_TOO_LONG_MESSAGE = `The name must not be longer than ${NAME_MAX_LENGTH} characters`;

/**
 * Letters of any script with their combining marks, spaces, hyphens and
 * quotes: the ASCII apostrophe, the left quote (` and ‘, which transliterate
 * the Arabic ayn as in ‘Abdi) and the typographic apostrophe phones type.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M} '`‘’-]+$/u;

/** A person's name (or part of one): name characters only, with at least one letter. */
export function isPersonName(value: string): boolean {
  return NAME_CHARACTERS.test(value) && LETTER.test(value);
}

/** A person's name typed by the customer; the caller trims it. */
export function personNameRule(value: string): RuleResult {
  if (value === '') return 'The name field is required';
  if ([...value].length > NAME_MAX_LENGTH) return NAME_TOO_LONG_MESSAGE;
  return isPersonName(value) || NAME_MESSAGE;
}

// --- one-time codes and bank ID -------------------------------------------

export const OTP_LENGTH = 6;
export const OTP_MESSAGE = `The code has ${OTP_LENGTH} digits`;
const OTP = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export function otpCodeRule(value: string): RuleResult {
  return OTP.test(value) || OTP_MESSAGE;
}

export const BANK_ID_MIN_LENGTH = 10;
export const BANK_ID_MAX_LENGTH = 12;

export const BANK_ID_DIGITS_MESSAGE = 'The field may only contain digits';
export const BANK_ID_LENGTH_MESSAGE = `The field must have ${BANK_ID_MIN_LENGTH} to ${BANK_ID_MAX_LENGTH} digits`;

/** Personal identity number for bank ID: 10 to 12 digits. */
export function bankIdRule(value: string): RuleResult {
  if (!/^\d*$/.test(value)) return BANK_ID_DIGITS_MESSAGE;
  return (value.length >= BANK_ID_MIN_LENGTH && value.length <= BANK_ID_MAX_LENGTH) || BANK_ID_LENGTH_MESSAGE;
}

// --- names ---------------------------------------------------------------

/** What a name field keeps of typed text: digits are blocked as typed (SPEC §5). */
export function withoutDigits(value: string): string {
  return value.replace(/\p{N}/gu, '');
}

// --- dates and age --------------------------------------------------------

/** A day in the calendar, with no time of day and no time zone (a birthday). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export const MINIMUM_AGE = 18;
export const MAXIMUM_AGE = 100;
export const UNDER_AGE_MESSAGE = 'Registration is not allowed if age is under 18 years old.';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function calendarDate(year: number, month: number, day: number): CalendarDate | undefined {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** 'DD/MM/YYYY' (the form's format) to a date; undefined when malformed or not a real day. */
export function parseDayMonthYear(value: string): CalendarDate | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? calendarDate(Number(match[3]), Number(match[2]), Number(match[1])) : undefined;
}

/** 'YYYY-MM-DD' (the wire format) to a date; undefined when malformed or not a real day. */
export function parseIsoDate(value: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

export function formatIsoDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The calendar day an instant falls on in UTC. */
export function utcCalendarDate(instant: Date): CalendarDate {
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Whole years from `birth` to `today`. Someone born on 29 February turns a
 * year older on 1 March in a common year.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

export function isAdult(birth: CalendarDate, today: CalendarDate): boolean {
  return ageOn(birth, today) >= MINIMUM_AGE;
}

function addYears(date: CalendarDate, years: number): CalendarDate {
  const year = date.year + years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

function previousDay(date: CalendarDate): CalendarDate {
  if (date.day > 1) return { ...date, day: date.day - 1 };
  if (date.month > 1) return { year: date.year, month: date.month - 1, day: daysInMonth(date.year, date.month - 1) };
  return { year: date.year - 1, month: 12, day: 31 };
}

/** The birth-date picker's range: from 100 years back to yesterday. */
export function birthDateBounds(today: CalendarDate): { min: CalendarDate; max: CalendarDate } {
  return { min: addYears(today, -MAXIMUM_AGE), max: previousDay(today) };
}

/** A birth date given as DD/MM/YYYY: a real day within the bounds, and at least 18 years ago. */
export function birthDateRule(value: string, today: CalendarDate): RuleResult {
  const birth = parseDayMonthYear(value);
  if (!birth) return 'The date must be in the format DD/MM/YYYY';
  const { min, max } = birthDateBounds(today);
  if (compareDates(birth, min) < 0 || compareDates(birth, max) > 0) {
    const show = (d: CalendarDate) => formatIsoDate(d).split('-').reverse().join('/');
    return `The date must be between ${show(min)} and ${show(max)}`;
  }
  return isAdult(birth, today) || UNDER_AGE_MESSAGE;
}
