import type { ErrorType } from '../../../domain/errors.ts';
import { emailKey } from '../../../domain/rules.ts';
import { ABUSE_LIMITS, type AbuseLimit } from '../../abuse-limits/limits.ts';
import {
  type Customer,
  findCustomerByEmail,
  findCustomerByMobile,
  type NewCustomer,
} from '../../customers/customers.ts';
import type { Db } from '../../db/connection.ts';
import type { RegistrationsTable } from '../../db/tables/oauth.ts';
import { accountExistsSms, codeEmail, codeSms } from '../../one-time-codes/code-messages.ts';
import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/**
 * Where a registration code goes: the one thing the e-mail and the phone
 * registrations differ in. The registration service does the rest the same
 * way for both.
 */
export interface CodeChannel {
  channel: RegistrationsTable['channel'];
  /** the request field that names the destination */
  field: 'email' | 'mobile';
  /** the channel's calls in the OAuth answers' links: `email/check`, `otp/reset`… */
  relations: { check: 'email/check' | 'otp/check'; reset: 'email/reset' | 'otp/reset' };
  /** the key the destination's limits count under */
  key(destination: string): string;
  findCustomer(db: Db, destination: string): Promise<Customer | undefined>;
  limits: {
    registrationsPerAddress: AbuseLimit;
    registrationsPerDestination: AbuseLimit;
    codeSendsPerDestination: AbuseLimit;
    codeSendsPerAddress: AbuseLimit;
    codeChecksPerRegistration: AbuseLimit;
    codeChecksPerAddress: AbuseLimit;
  };
  /** the refusal once a registration has had all its codes */
  sendLimit: ErrorType;
  /** the message with the code, in the registration's language */
  codeMessage(to: string, code: string, locale: string): OutgoingMessage;
  /**
   * When set, a destination that already has an account is not told at
   * `send`: its registration goes on like any other, with this message in
   * place of every code. When null, `send` answers 409 CustomerAlreadyExists.
   */
  accountExistsMessage: ((to: string, locale: string) => OutgoingMessage) | null;
  /** the new customer's contact details, proved at `now` */
  contact(
    destination: string,
    now: Date,
  ): Pick<NewCustomer, 'email' | 'mobile' | 'emailVerifiedAt' | 'mobileVerifiedAt'>;
}

export const EMAIL_CHANNEL: CodeChannel = {
  channel: 'email',
  field: 'email',
  relations: { check: 'email/check', reset: 'email/reset' },
  key: emailKey,
  findCustomer: findCustomerByEmail,
  limits: {
    registrationsPerAddress: ABUSE_LIMITS.registrationsPerAddress,
    registrationsPerDestination: ABUSE_LIMITS.registrationsPerEmail,
    codeSendsPerDestination: ABUSE_LIMITS.codeSendsPerEmail,
    codeSendsPerAddress: ABUSE_LIMITS.codeSendsPerAddress,
    codeChecksPerRegistration: ABUSE_LIMITS.codeChecksPerRegistration,
    codeChecksPerAddress: ABUSE_LIMITS.codeChecksPerAddress,
  },
  sendLimit: 'EmailSendLimit',
  codeMessage: (to, code, locale) => codeEmail(to, code, 'registration', locale),
  accountExistsMessage: null,
  contact: (email, now) => ({ email, mobile: null, emailVerifiedAt: now, mobileVerifiedAt: null }),
};

/** Destinations are E.164 numbers, already checked and normalised by the caller. */
export const SMS_CHANNEL: CodeChannel = {
  channel: 'sms',
  field: 'mobile',
  relations: { check: 'otp/check', reset: 'otp/reset' },
  key: (mobile) => mobile,
  findCustomer: findCustomerByMobile,
  limits: {
    registrationsPerAddress: ABUSE_LIMITS.phoneRegistrationsPerAddress,
    registrationsPerDestination: ABUSE_LIMITS.registrationsPerPhone,
    codeSendsPerDestination: ABUSE_LIMITS.codeSendsPerPhone,
    codeSendsPerAddress: ABUSE_LIMITS.smsSendsPerAddress,
    codeChecksPerRegistration: ABUSE_LIMITS.phoneCodeChecksPerRegistration,
    codeChecksPerAddress: ABUSE_LIMITS.phoneCodeChecksPerAddress,
  },
  sendLimit: 'SMSNotSentReset',
  codeMessage: codeSms,
  accountExistsMessage: accountExistsSms,
  contact: (mobile, now) => ({ email: null, mobile, emailVerifiedAt: null, mobileVerifiedAt: now }),
};

/** The channel a registration's code went through. */
export function channelOf(channel: RegistrationsTable['channel']): CodeChannel {
  return channel === 'email' ? EMAIL_CHANNEL : SMS_CHANNEL;
}
