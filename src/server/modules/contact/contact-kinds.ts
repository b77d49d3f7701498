import type { Updateable } from 'kysely';
import type { ErrorType } from '../../../domain/errors.ts';
import { CONTACT_CHANGED_EMAIL, CONTACT_CHANGED_SMS, CONTACT_CHANGED_SUBJECT } from '../../../domain/message-texts.ts';
import { emailKey } from '../../../domain/rules.ts';
import { ABUSE_LIMITS, type AbuseLimit } from '../../abuse-limits/limits.ts';
import { type Customer, findCustomerByEmail, findCustomerByMobile } from '../../customers/customers.ts';
import type { Db } from '../../db/connection.ts';
import type { ContactChangesTable, CustomersTable } from '../../db/tables/user.ts';
import { translate } from '../../i18n/catalogs.ts';
import { codeEmail, codeSms } from '../../one-time-codes/code-messages.ts';
import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/**
 * What an e-mail change and a mobile change differ in; contact-change.ts does
 * the rest the same way for both.
 */
export interface ContactKind {
  kind: ContactChangesTable['kind'];
  /** how the code travels */
  channel: 'email' | 'sms';
  /** the request field that names the new destination */
  field: 'email' | 'mobile';
  /** the refusal of the customer's own current, proved value, on `field` */
  alreadyYours: { type: ErrorType; message: string };
  /** the key the destination's limits count under */
  key(destination: string): string;
  isCurrent(customer: Customer, destination: string): boolean;
  findOwner(db: Db, destination: string): Promise<Customer | undefined>;
  limits: { sendsPerDestination: AbuseLimit; sendsPerAddress: AbuseLimit; checksPerAddress: AbuseLimit };
  codeMessage(to: string, code: string, locale: string): OutgoingMessage;
  /** the customer's current value: told when it is replaced */
  current(customer: Customer): string | null;
  /** what the replaced destination is told, so its owner learns of a change they did not make */
  changedNotice(to: string, locale: string): OutgoingMessage;
  /** the customer's columns once the destination is proved theirs at `now` */
  columns(destination: string, now: Date): Updateable<CustomersTable>;
}

export const EMAIL_CONTACT: ContactKind = {
  kind: 'email',
  channel: 'email',
  field: 'email',
  alreadyYours: { type: 'InvalidEmail', message: 'This is already the e-mail of your account.' },
  key: emailKey,
  // an address given unproved (a phone registration's `otp/email`) is confirmed by the same change
  isCurrent: (customer, email) =>
    customer.email !== null && customer.email_verified_at !== null && emailKey(customer.email) === emailKey(email),
  findOwner: findCustomerByEmail,
  limits: {
    sendsPerDestination: ABUSE_LIMITS.codeSendsPerEmail,
    sendsPerAddress: ABUSE_LIMITS.codeSendsPerAddress,
    checksPerAddress: ABUSE_LIMITS.codeChecksPerAddress,
  },
  codeMessage: (to, code, locale) => codeEmail(to, code, 'contact-change', locale),
  current: (customer) => customer.email,
  changedNotice: (to, locale) => ({
    channel: 'email',
    to,
    locale,
    subject: translate(locale, CONTACT_CHANGED_SUBJECT),
    body: translate(locale, CONTACT_CHANGED_EMAIL),
  }),
  columns: (email, now) => ({ email, email_verified_at: now }),
};

/** Destinations are E.164 numbers, already checked and normalised by the caller. */
export const MOBILE_CONTACT: ContactKind = {
  kind: 'mobile',
  channel: 'sms',
  field: 'mobile',
  alreadyYours: { type: 'InvalidPhone', message: 'This is already the mobile number of your account.' },
  key: (mobile) => mobile,
  isCurrent: (customer, mobile) => customer.mobile === mobile,
  findOwner: findCustomerByMobile,
  limits: {
    sendsPerDestination: ABUSE_LIMITS.codeSendsPerPhone,
    sendsPerAddress: ABUSE_LIMITS.smsSendsPerAddress,
    checksPerAddress: ABUSE_LIMITS.phoneCodeChecksPerAddress,
  },
  codeMessage: codeSms,
  current: (customer) => customer.mobile,
  changedNotice: (to, locale) => ({ channel: 'sms', to, subject: null, body: translate(locale, CONTACT_CHANGED_SMS) }),
  columns: (mobile, now) => ({ mobile, mobile_verified_at: now }),
};
