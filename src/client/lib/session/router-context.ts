import type { AppStore } from './app-store.ts';
import { isAuthenticatedAtom } from './session-atoms.ts';

/** What every route's `beforeLoad` receives: who the user is, and the store the guards read. */
export interface RouterContext {
  auth: { readonly isAuthenticated: boolean };
  store: AppStore;
}

export function createRouterContext(store: AppStore): RouterContext {
  return {
    auth: {
      get isAuthenticated() {
        return store.get(isAuthenticatedAtom);
      },
    },
    store,
  };
}
