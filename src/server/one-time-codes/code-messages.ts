import { CODE_LIFETIME_MINUTES } from '../../domain/contract/one-time-codes.ts';
import {
  ACCOUNT_EXISTS_SMS,
  CODE_EMAIL_CODE,
  CODE_EMAIL_IF_NOT_YOU,
  CODE_EMAIL_LIFETIME,
  CODE_EMAIL_SUBJECT,
  CODE_SMS,
  CONTACT_TAKEN_EMAIL,
  CONTACT_TAKEN_SMS,
  CONTACT_TAKEN_SUBJECT,
} from '../../domain/message-texts.ts';
import { translate } from '../i18n/catalogs.ts';
import type { OutgoingMessage } from '../providers/messaging/messaging-provider.ts';

/** What a code is for: a registration, a password recovery, or a new e-mail for an account. */
export type CodePurpose = 'registration' | 'password-recovery' | 'contact-change';

const minutes = String(CODE_LIFETIME_MINUTES);

/** The e-mail that carries a one-time code, in `locale`. */
export function codeEmail(to: string, code: string, purpose: CodePurpose, locale: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    locale,
    subject: translate(locale, CODE_EMAIL_SUBJECT, { code }),
    body: [
      translate(locale, CODE_EMAIL_CODE, { code }),
      translate(locale, CODE_EMAIL_LIFETIME, { minutes }),
      translate(locale, CODE_EMAIL_IF_NOT_YOU[purpose]),
    ].join('\n\n'),
  };
}

/** The SMS that carries a one-time code, in `locale`: one short line. */
export function codeSms(to: string, code: string, locale: string): OutgoingMessage {
  return { channel: 'sms', to, subject: null, body: translate(locale, CODE_SMS, { code, minutes }) };
}

/** The SMS sent instead of a code when someone registers a number that already has an account. */
export function accountExistsSms(to: string, locale: string): OutgoingMessage {
  return { channel: 'sms', to, subject: null, body: translate(locale, ACCOUNT_EXISTS_SMS) };
}

/** What goes to an e-mail or number someone asked to add to an account when another account has it: no code. */
export function contactTakenMessage(channel: 'email' | 'sms', to: string, locale: string): OutgoingMessage {
  return channel === 'email'
    ? {
        channel,
        to,
        locale,
        subject: translate(locale, CONTACT_TAKEN_SUBJECT),
        body: translate(locale, CONTACT_TAKEN_EMAIL),
      }
    : { channel, to, subject: null, body: translate(locale, CONTACT_TAKEN_SMS) };
}
