import { boolean, enums, is, number, object, optional, string } from 'superstruct';
import { BANK_ID_SESSION_LIFETIME_MINUTES } from '../../../domain/contract/oauth/bank-id.ts';
import { holdOAuthToken } from '../../lib/oauth/oauth-access.ts';

/**
 * A bank-ID registration or sign-in waiting for the provider's page. Unlike
 * a code registration it must outlive this page: the browser goes to the
 * provider and comes back, and on a phone the bank-ID app often comes back in
 * another tab, or after the browser was closed. So it is kept in this
 * device's localStorage (which sign-out clears) for as long as the server
 * keeps the identification (`BANK_ID_SESSION_LIFETIME_MINUTES`); the server
 * holds the identification itself, under the token, bound to its order.
 */
const PendingBankId = object({
  token: string(),
  /** `migrate`: a signed-in customer's account is to sign in with bank ID from now on */
  purpose: enums(['registration', 'login', 'migrate'] as const),
  /** the country's OAuth-style API base, where the identification is checked */
  oauthUrl: string(),
  /** the country's main API base: the session's once identified */
  middlewareUrl: string(),
  /** the start's answer linked to `bankid/ekyc`: who the bank identified is shown before the account is made */
  ekyc: optional(boolean()),
  /** when it was kept (ms since the epoch): past the server's lifetime it is gone there too */
  keptAt: optional(number()),
});
export type PendingBankId = typeof PendingBankId.TYPE;

const KEY = 'bank-id-pending';

const LIFETIME_MS = BANK_ID_SESSION_LIFETIME_MINUTES * 60_000;

export function keepPendingBankId(pending: PendingBankId): void {
  localStorage.setItem(KEY, JSON.stringify({ ...pending, keptAt: Date.now() }));
}

export function pendingBankId(): PendingBankId | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (!is(value, PendingBankId)) return null;
    return Date.now() - (value.keptAt ?? 0) < LIFETIME_MS ? value : null;
  } catch {
    return null;
  }
}

export function forgetPendingBankId(): void {
  localStorage.removeItem(KEY);
}

// a bank-ID token the OAuth-style API denies is forgotten (SPEC §8)
holdOAuthToken(forgetPendingBankId);
