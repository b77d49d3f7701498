import { boolean, enums, is, object, optional, string } from 'superstruct';

/**
 * A bank-ID registration or sign-in waiting for the provider's page. Unlike
 * a code registration it must outlive this page (the browser goes to the
 * provider and comes back), so it is kept in this tab's sessionStorage,
 * which sign-out clears and no other tab sees.
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
});
export type PendingBankId = typeof PendingBankId.TYPE;

const KEY = 'bank-id-pending';

export function keepPendingBankId(pending: PendingBankId): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function pendingBankId(): PendingBankId | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return is(value, PendingBankId) ? value : null;
  } catch {
    return null;
  }
}

export function forgetPendingBankId(): void {
  sessionStorage.removeItem(KEY);
}
