import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { MOBILE_CONFIRMATION, MOBILE_CONFIRMATION_MESSAGES } from '../../../domain/confirm-mobile.ts';

type Problem = keyof typeof MOBILE_CONFIRMATION_MESSAGES;

/** SPEC §9 confirm-mobile's messages (the domain's English texts) in the customer's language. */
const TEXTS: Readonly<Record<Problem, MessageDescriptor>> = {
  missing: msg`Type the mobile number again to confirm it`,
  mismatch: msg`The two mobile numbers do not match`,
};

/** The form's key of the re-typed number: its error, and the body property it is sent as. */
export const CONFIRMATION_FIELD = MOBILE_CONFIRMATION;

export const mobileConfirmationText = (i18n: I18n, problem: Problem): string => i18n._(TEXTS[problem]);

/** The server's English text of a refused confirmation in the customer's language (its own text otherwise). */
export function translateMobileConfirmation(i18n: I18n, message: string): string {
  const problem = (Object.keys(TEXTS) as Problem[]).find((key) => MOBILE_CONFIRMATION_MESSAGES[key] === message);
  return problem ? mobileConfirmationText(i18n, problem) : message;
}
