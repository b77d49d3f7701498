import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { activateLocale, i18n, type Locale } from '../lib/i18n.ts';
import { createAppRouter } from '../router.ts';

/**
 * The real app (routes, guards, layouts) at `path`, in memory, with its own store: the router has resolved the page
 * (its guards and loaders have run) and nothing is rendered until `show()`.
 */
export async function loadApp(path: string, options: { store?: ReturnType<typeof createStore>; locale?: Locale } = {}) {
  const store = options.store ?? createStore();
  await activateLocale(options.locale ?? 'en-GB');
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(store, history);
  await router.load();
  const show = () => {
    const view = render(
      <I18nProvider i18n={i18n}>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </I18nProvider>,
    );
    return { ...view, router, store };
  };
  return { router, store, show };
}

/** The real app at `path`, rendered. */
export async function renderApp(path: string, options: Parameters<typeof loadApp>[1] = {}) {
  return (await loadApp(path, options)).show();
}

/** Where the router ended up: path and query, as the address bar would show them. */
export function currentHref(router: { state: { location: { href: string } } }): string {
  return router.state.location.href;
}
