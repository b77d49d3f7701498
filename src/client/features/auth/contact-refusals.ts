import { ApiFailure } from '../../lib/api/api-failure.ts';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import { NETWORK_LIMITS, TOO_SOON } from './recovery-destination-form.tsx';

/** The refusals of a code in the API's words: too many for this destination, or from this network. */
const SEND_LIMITS: readonly string[] = ['EmailSendDDOS', 'SendLimit', 'AttemptLimit', ...NETWORK_LIMITS];

/** What a refused send says: too soon, a limit in the API's words, or nothing known (null). */
export function sendRefusal(error: unknown): Text | null {
  if (!(error instanceof ApiFailure)) return null;
  if (error.type === 'OTPAlreadySent') return TOO_SOON;
  return SEND_LIMITS.includes(error.type) ? textFor(error.message) : null;
}

/** What the account's contact details hold: an e-mail address or a mobile number. */
export type ContactKind = 'email' | 'mobile';
