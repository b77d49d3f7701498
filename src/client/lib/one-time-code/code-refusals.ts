import { msg } from '@lingui/core/macro';
import { ApiFailure } from '../api/api-failure.ts';
import { type Text, textFor } from '../forms/rule-text.ts';

/**
 * How the code screens (password recovery, a new e-mail or number) say a
 * refused code send. Data and one function only: the screens of several
 * chunks import it, so it must import no screen.
 */

export const TOO_SOON = msg`We sent you a code less than a minute ago. Wait a moment, then ask for a new one.`;

/** A new code asked for within the minute: a texted one (OTPAlreadySent) or an e-mailed one (EmailSendExist). */
export const TOO_SOON_TYPES: readonly string[] = ['OTPAlreadySent', 'EmailSendExist'];

/** The refusals of too many requests from the caller's network, said in the API's words. */
export const NETWORK_LIMITS: readonly string[] = ['EmailDDOS', 'SMSDDOS'];

/** The refusals of a code said in the API's words: too many for this destination (or wrong passwords), and NETWORK_LIMITS. */
const SEND_LIMITS: readonly string[] = ['EmailSendDDOS', 'SendLimit', 'AttemptLimit'];

/** What a refused send says: too soon, a limit in the API's words, or nothing known (null). */
export function sendRefusal(error: unknown): Text | null {
  if (!(error instanceof ApiFailure)) return null;
  if (TOO_SOON_TYPES.includes(error.type)) return TOO_SOON;
  return SEND_LIMITS.includes(error.type) || NETWORK_LIMITS.includes(error.type) ? textFor(error.message) : null;
}

/** What the account's contact details hold: an e-mail address or a mobile number. */
export type ContactKind = 'email' | 'mobile';
