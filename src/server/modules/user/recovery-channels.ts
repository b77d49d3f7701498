import { parseMobile } from '../../../domain/phone.ts';
import { PHONE_MESSAGES } from '../../../domain/phone-messages.ts';
import { emailKey } from '../../../domain/rules.ts';
import { ABUSE_LIMITS, type AbuseLimit } from '../../abuse-limits/limits.ts';
import { type Customer, findCustomerByEmail, findCustomerByMobile } from '../../customers/customers.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';
import { codeEmail, codeSms } from '../../one-time-codes/code-messages.ts';
import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/**
 * Where a password recovery's code goes, e-mail or phone: the one thing the
 * two recoveries differ in. The recovery service does the rest the same way
 * for both.
 */
export interface RecoveryChannel {
  /** how the code travels */
  channel: 'email' | 'sms';
  /** the recovery row's key: the destination with its kind */
  destination: string;
  /** the key the destination's limits count under */
  key: string;
  findCustomer(db: Db): Promise<Customer | undefined>;
  limits: {
    sendsPerDestinationAddress: AbuseLimit;
    codeSendsPerDestination: AbuseLimit;
    codeSendsPerAddress: AbuseLimit;
    checksPerDestinationAddress: AbuseLimit;
    codeChecksPerAddress: AbuseLimit;
  };
  /** the message with the code, to the customer who has the destination, in their language */
  codeMessage(customer: Customer, code: string): OutgoingMessage | null;
}

/**
 * The channel of a recovery request: its `email`, or its `mobile` (of
 * `country` when typed without a country code; 400 InvalidPhone when it
 * cannot be a mobile number). The contract lets exactly one through.
 */
export function recoveryChannel(input: { email?: string; mobile?: string; country?: string }): RecoveryChannel {
  if (input.email !== undefined) {
    const key = emailKey(input.email);
    const email = input.email;
    return {
      channel: 'email',
      destination: `email:${key}`,
      key,
      findCustomer: (db) => findCustomerByEmail(db, email),
      limits: {
        sendsPerDestinationAddress: ABUSE_LIMITS.passwordRecoveriesPerEmailAddress,
        codeSendsPerDestination: ABUSE_LIMITS.codeSendsPerEmail,
        codeSendsPerAddress: ABUSE_LIMITS.codeSendsPerAddress,
        checksPerDestinationAddress: ABUSE_LIMITS.recoveryCodeChecksPerEmailAddress,
        codeChecksPerAddress: ABUSE_LIMITS.codeChecksPerAddress,
      },
      codeMessage: (customer, code) =>
        customer.email ? codeEmail(customer.email, code, 'password-recovery', customer.locale) : null,
    };
  }
  const parsed = parseMobile(input.mobile ?? '', input.country);
  if ('problem' in parsed) throw new ApiError('InvalidPhone', PHONE_MESSAGES[parsed.problem], 'mobile');
  const mobile = parsed.e164;
  return {
    channel: 'sms',
    destination: `mobile:${mobile}`,
    key: mobile,
    findCustomer: (db) => findCustomerByMobile(db, mobile),
    limits: {
      sendsPerDestinationAddress: ABUSE_LIMITS.passwordRecoveriesPerPhoneAddress,
      codeSendsPerDestination: ABUSE_LIMITS.codeSendsPerPhone,
      codeSendsPerAddress: ABUSE_LIMITS.smsSendsPerAddress,
      checksPerDestinationAddress: ABUSE_LIMITS.recoveryCodeChecksPerPhoneAddress,
      codeChecksPerAddress: ABUSE_LIMITS.phoneCodeChecksPerAddress,
    },
    codeMessage: (customer, code) => (customer.mobile ? codeSms(customer.mobile, code, customer.locale) : null),
  };
}
