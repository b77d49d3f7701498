import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorScreen } from './features/not-found/error-screen.tsx';
import { NotFoundContent } from './features/not-found/not-found.tsx';
import type { RouteTitle } from './features/page-title/page-title.ts';
import { slideTransition } from './features/page-transition/transition-types.ts';
import type { AppStore } from './lib/session/app-store.ts';
import { lastResolvedPathAtom } from './lib/session/navigation-atoms.ts';
import { createRouterContext } from './lib/session/router-context.ts';
import { routeTree } from './route-tree.gen.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title (SPEC §2: from route meta). */
    title?: RouteTitle;
    /** Send-money step shown as current in the steps header: 1 Amount, 2 You, 3 Them, 4 Pay. */
    stepIndex?: 1 | 2 | 3 | 4;
    /** The onboarding layout shows a back button. */
    hasBackButton?: boolean;
  }
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * After a navigation to another page: drop leftover body classes and focus
 * its heading (else its main content), so screen readers start by reading
 * where they are. (The router itself scrolls to the top: `resetScroll` is on
 * by default.)
 */
function settleNewPage(): void {
  document.body.className = '';
  const main = document.getElementById('main');
  const heading = main?.querySelector<HTMLHeadingElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  (heading ?? main)?.focus({ preventScroll: true });
}

export function createAppRouter(store: AppStore, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    context: createRouterContext(store, (href) => void router.navigate({ href, replace: true })),
    defaultPreload: 'intent',
    scrollRestoration: false,
    defaultNotFoundComponent: NotFoundContent,
    defaultErrorComponent: ErrorScreen,
    defaultViewTransition: {
      types: ({ fromLocation, toLocation }) =>
        slideTransition(fromLocation?.pathname, toLocation.pathname, reducedMotion()),
    },
  });

  router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
    store.set(lastResolvedPathAtom, toLocation.pathname);
    if (pathChanged && fromLocation) settleNewPage();
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
