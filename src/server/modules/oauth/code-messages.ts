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

/** The SMS that carries a registration code: one short line. */
export function codeSms(to: string, code: string): OutgoingMessage {
  return {
    channel: 'sms',
    to,
    subject: null,
    body: `Your Sarraf code is ${code}. It works for ${CODE_LIFETIME_MINUTES} minutes. Never share it.`,
  };
}

/** The SMS sent instead of a code when someone registers a number that already has an account. */
export function accountExistsSms(to: string): OutgoingMessage {
  return {
    channel: 'sms',
    to,
    subject: null,
    body: 'You already have a Sarraf account with this number: sign in instead. If you did not ask to register, ignore this message.',
  };
}
