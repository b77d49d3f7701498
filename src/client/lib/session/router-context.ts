import type { AppStore } from './app-store.ts';
import { isAuthenticatedAtom } from './session-atoms.ts';

/** What every route's `beforeLoad` receives: who the user is, and the store the guards read. */
export interface RouterContext {
  auth: { readonly isAuthenticated: boolean };
  store: AppStore;
  /** Open `href` again, guards and all: an answer showed that a decision taken from the device's hint was wrong. */
  recheck: (href: string) => void;
}

export function createRouterContext(store: AppStore, recheck: (href: string) => void = () => undefined): RouterContext {
  return {
    recheck,
    auth: {
      get isAuthenticated() {
        return store.get(isAuthenticatedAtom);
      },
    },
    store,
  };
}
