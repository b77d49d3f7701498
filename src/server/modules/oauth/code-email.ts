import { CODE_LIFETIME_MINUTES } from '../../../domain/contract/oauth.ts';
import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/** The e-mail that carries a registration code. */
export function codeEmail(to: string, code: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `Your Sarraf verification code: ${code}`,
    body: [
      `Your Sarraf verification code is ${code}.`,
      `It works for ${CODE_LIFETIME_MINUTES} minutes. Never share it: Sarraf staff will never ask you for it.`,
      'If you did not ask to register with Sarraf, you can ignore this e-mail.',
    ].join('\n\n'),
  };
}
