import type { SignedIn } from '../../../domain/contract/user.ts';
import { settleLocaleAtSignIn } from '../locale-preference.ts';
import type { AppStore } from './app-store.ts';
import { accessTokenAtom, baseUrlAtom } from './session-atoms.ts';
import { rememberUser } from './user-data.ts';

/**
 * The customer is signed in: keep the session token, the main API base it
 * belongs to when it differs from the one in use, and who they are, so the
 * menus show them at once; then settle the language with their profile's.
 */
export function startSession(store: AppStore, signedIn: SignedIn, baseUrl?: string): void {
  if (baseUrl !== undefined) store.set(baseUrlAtom, baseUrl);
  store.set(accessTokenAtom, signedIn.token);
  rememberUser(store, signedIn.user);
  void settleLocaleAtSignIn(signedIn.user.locale);
}
