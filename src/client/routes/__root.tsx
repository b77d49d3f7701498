import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppUpdate } from '../features/app-update/app-update.tsx';
import { ErrorModal } from '../features/error-modal/error-modal.tsx';
import { usePageTitle } from '../features/page-title/use-page-title.ts';
import type { RouterContext } from '../features/session/router-context.ts';
import { SkipLink } from '../ui/skip-link.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  usePageTitle();
  return (
    <>
      <SkipLink />
      <Outlet />
      <ErrorModal />
      <AppUpdate />
    </>
  );
}
