import {
  PASSWORD_CHANGED_EMAIL,
  PASSWORD_CHANGED_SMS,
  PASSWORD_CHANGED_SUBJECT,
} from '../../../domain/message-texts.ts';
import { translate } from '../../i18n/catalogs.ts';
import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/**
 * The notice that a customer's password was changed, so its owner learns of a
 * change they did not make: by e-mail, or by SMS to a customer who
 * registered with a mobile number only; in their profile's language.
 */
export function passwordChangedNotice(contact: {
  email: string | null;
  mobile: string | null;
  locale: string;
}): OutgoingMessage {
  const { locale } = contact;
  if (contact.email !== null)
    return {
      channel: 'email',
      to: contact.email,
      locale,
      subject: translate(locale, PASSWORD_CHANGED_SUBJECT),
      body: PASSWORD_CHANGED_EMAIL.map((paragraph) => translate(locale, paragraph)).join('\n\n'),
    };
  if (contact.mobile === null) throw new Error('a customer has neither an e-mail nor a mobile number');
  return { channel: 'sms', to: contact.mobile, subject: null, body: translate(locale, PASSWORD_CHANGED_SMS) };
}
