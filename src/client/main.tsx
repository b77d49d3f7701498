import './ui/base.css';
import './features/page-transition/page-transition.css';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as StoreProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadIntoNewVersionOnStaleChunk } from './features/app-update/stale-chunk.ts';
import { startupLocale } from './features/language/locale-preference.ts';
import { activateLocale, i18n } from './lib/i18n.ts';
import { appStore } from './lib/session/app-store.ts';
import { watchInactivity } from './lib/session/inactivity.ts';
import { expireSession } from './lib/session/logout.ts';
import { createAppRouter } from './router.ts';

await activateLocale(startupLocale());

const router = createAppRouter(appStore);
// the page being opened when a lazy chunk of an old release is gone
reloadIntoNewVersionOnStaleChunk(() => router.latestLocation.href);

watchInactivity({
  store: appStore,
  onExpire: () => void expireSession(appStore, router.state.location.href, 'idle'),
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <StoreProvider store={appStore}>
        <RouterProvider router={router} />
      </StoreProvider>
    </I18nProvider>
  </StrictMode>,
);
