import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/** The notice that a customer's password was changed, so its owner learns of a change they did not make. */
export function passwordChangedEmail(to: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: 'Your Sarraf password was changed',
    body: [
      'The password of your Sarraf account was just changed, and every other device was signed out.',
      'If you did this, there is nothing more to do.',
      'If you did not, reset your password now from the sign-in page ("Forgot your password?") and contact customer support.',
    ].join('\n\n'),
  };
}
