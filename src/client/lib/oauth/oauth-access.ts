import type { AppStore } from '../session/app-store.ts';
import { oauthAccessDeniedAtom } from './access-denied-atom.ts';

type Forget = (store: AppStore) => void;

const holders = new Set<Forget>();

/**
 * A holder of an OAuth-style API bearer token (a registration waiting for
 * its code, a bank-ID identification, a passed guest session) says how it
 * forgets its token, for as long as it holds one; returns the way to stop.
 */
export function holdOAuthToken(forget: Forget): () => void {
  holders.add(forget);
  return () => {
    holders.delete(forget);
  };
}

/**
 * The OAuth-style API answered 403 AccessDenied to a bearer token (SPEC §8):
 * every OAuth token this page holds is forgotten, and the access-denied
 * modal opens. The customer starts again from the beginning.
 */
export function denyOAuthAccess(store: AppStore): void {
  for (const forget of holders) forget(store);
  store.set(oauthAccessDeniedAtom, true);
}
