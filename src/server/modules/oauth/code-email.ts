import { CODE_LIFETIME_MINUTES } from '../../../domain/contract/one-time-codes.ts';
import type { OutgoingMessage } from '../../providers/messaging/messaging-provider.ts';

/** What a code is for: a registration, or a password recovery. */
export type CodePurpose = 'registration' | 'password-recovery';

const IF_NOT_YOU: Record<CodePurpose, string> = {
  registration: 'If you did not ask to register with Sarraf, you can ignore this e-mail.',
  'password-recovery':
    'If you did not ask to reset your Sarraf password, you can ignore this e-mail: your password stays as it is.',
};

/** The e-mail that carries a one-time code. */
export function codeEmail(to: string, code: string, purpose: CodePurpose): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `Your Sarraf verification code: ${code}`,
    body: [
      `Your Sarraf verification code is ${code}.`,
      `It works for ${CODE_LIFETIME_MINUTES} minutes. Never share it: Sarraf staff will never ask you for it.`,
      IF_NOT_YOU[purpose],
    ].join('\n\n'),
  };
}
