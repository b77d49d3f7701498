import { CodeSent, CodeTimes, type EmailCheckRequest, type EmailSendRequest } from '../../../domain/contract/oauth.ts';
import { SignedIn } from '../../../domain/contract/user.ts';
import { api } from './client.ts';

/**
 * The OAuth-style API (contract: src/domain/contract/oauth.ts) at the base
 * the chosen country's locator entry names (`oauth_url`). `reset` and
 * `check` carry the registration token as a Bearer token.
 */

const bearer = (registrationToken: string) => ({ authorization: `Bearer ${registrationToken}` });

/** POST /email/send: start a registration; a 6-digit code is e-mailed. */
export function sendEmailCode(oauthUrl: string, body: EmailSendRequest): Promise<CodeSent> {
  return api('/email/send', CodeSent, { baseUrl: oauthUrl, method: 'POST', body });
}

/** POST /email/reset: e-mail a new code; the earlier one stops working. */
export function resendEmailCode(oauthUrl: string, registrationToken: string): Promise<CodeTimes> {
  return api('/email/reset', CodeTimes, { baseUrl: oauthUrl, method: 'POST', headers: bearer(registrationToken) });
}

/** POST /email/check: the right code creates the customer and signs them in. */
export function checkEmailCode(
  oauthUrl: string,
  registrationToken: string,
  body: EmailCheckRequest,
): Promise<SignedIn> {
  return api('/email/check', SignedIn, {
    baseUrl: oauthUrl,
    method: 'POST',
    body,
    headers: bearer(registrationToken),
  });
}
