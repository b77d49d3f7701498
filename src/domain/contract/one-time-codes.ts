import { type Infer, object, string } from './structs.ts';

/**
 * The rules every e-mailed one-time code follows, whatever it is for
 * (registration in contract/oauth.ts, password recovery in contract/user.ts).
 */

/** A new code may be asked for this long after the last one. */
export const RESEND_AFTER_SECONDS = 60;
export const CODE_LIFETIME_MINUTES = 10;
/** wrong codes before the code is burnt */
export const MAX_CODE_ATTEMPTS = 5;

/** When the code screen may offer "send again" and when the code stops working (ISO 8601). */
export const CodeTimes = object({
  resend_available_at: string(),
  code_expires_at: string(),
});
export type CodeTimes = Infer<typeof CodeTimes>;

const TRIES_LEFT = /^The verification code is incorrect\. (\d+) tr(?:y|ies) left\.$/;

/** The CodeMismatch message of a wrong code that still leaves `triesLeft` tries. */
export const codeMismatchMessage = (triesLeft: number): string =>
  `The verification code is incorrect. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;

/** The tries left a CodeMismatch message tells of, or null when it tells none. */
export function triesLeftIn(message: string): number | null {
  const found = TRIES_LEFT.exec(message);
  return found ? Number(found[1]) : null;
}
