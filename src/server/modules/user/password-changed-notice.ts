import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/**
 * The notice that a customer's password was changed, so its owner learns of a
 * change they did not make: by e-mail, or by SMS to a customer who
 * registered with a mobile number only.
 */
export function passwordChangedNotice(contact: { email: string | null; mobile: string | null }): OutgoingMessage {
  if (contact.email !== null)
    return {
      channel: 'email',
      to: contact.email,
      subject: 'Your Sarraf password was changed',
      body: [
        'The password of your Sarraf account was just changed, and every other device was signed out.',
        'If you did this, there is nothing more to do.',
        'If you did not, reset your password now from the sign-in page ("Forgot your password?") and contact customer support.',
      ].join('\n\n'),
    };
  if (contact.mobile === null) throw new Error('a customer has neither an e-mail nor a mobile number');
  return {
    channel: 'sms',
    to: contact.mobile,
    subject: null,
    body: 'Your Sarraf password was just changed. If this was not you, reset it from the sign-in page and contact support.',
  };
}
