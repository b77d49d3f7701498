import './ui/base.css';
import './features/page-transition/page-transition.css';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as StoreProvider } from 'jotai';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadIntoNewVersionOnStaleChunk } from './features/app-update/stale-chunk.ts';
import { startErrorReporting } from './features/error-reporting/start-error-reporting.ts';
import { captureInstallPrompt } from './lib/app-install/install-prompt.ts';
import { afterFirstPaint } from './lib/first-paint.ts';
import { activateLocale, i18n, loadCatalogRest } from './lib/i18n.ts';
import { warmUpIntl } from './lib/intl-warm-up/intl-warm-up.ts';
import { startupLocale } from './lib/locale-preference.ts';
import { appStore } from './lib/session/app-store.ts';
import { watchInactivity } from './lib/session/inactivity.ts';
import { createAppRouter } from './router.ts';

// before anything is awaited: the browser may offer to install as soon as the page has loaded
captureInstallPrompt();
const locale = startupLocale();
warmUpIntl(locale);
// the first screens' messages now, the rest of the catalog once the page has painted (below)
const localeReady = activateLocale(locale, { rest: 'later' });

const router = createAppRouter(appStore);
const errors = startErrorReporting(router);
// the page being opened when a lazy chunk of an old release is gone
reloadIntoNewVersionOnStaleChunk({
  pendingTarget: () =>
    router.latestLocation.href === router.state.resolvedLocation?.href ? undefined : router.latestLocation.href,
  currentHref: () => router.latestLocation.href,
  onNextNavigation: (go) => {
    const stop = router.subscribe('onBeforeNavigate', ({ toLocation }) => {
      stop();
      go(toLocation.href);
    });
  },
});

watchInactivity({
  store: appStore,
  // the sign-out's code is not in the first load: it comes when the session has been idle too long
  onExpire: () =>
    void import('./lib/session/logout.ts').then(({ expireSession }) =>
      expireSession(appStore, router.state.location.href, 'idle'),
    ),
});

// The first page is resolved (its guards, its chunks) beside the catalog, before React renders: one render of the
// page instead of an empty one and then the page, and that render may yield to the browser (a transition), so no
// single long task holds a slow phone's main thread.
await Promise.all([localeReady, router.load().catch(console.error)]);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const reactRoot = createRoot(root, {
  // what a boundary caught (a screen's error page) is reported as well as logged, as React does by default
  onCaughtError: (error) => {
    console.error(error);
    errors.report(error);
  },
  onUncaughtError: (error) => {
    console.error(error);
    errors.report(error);
  },
});
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <StoreProvider store={appStore}>
          <RouterProvider router={router} />
        </StoreProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);
// what the first screens do not show, ready before the customer goes on (a screen that needs it also waits for it)
void afterFirstPaint()
  .then(loadCatalogRest)
  .catch(() => undefined);
