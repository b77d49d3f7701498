import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppUpdateHost } from '../features/app-update/app-update-host.tsx';
import { CookieConsentHost } from '../features/cookie-consent/cookie-consent-host.tsx';
import { usePageTitle } from '../features/page-title/use-page-title.ts';
import { SupportChatHost } from '../features/support-chat/support-chat-host.tsx';
import { ErrorModal } from '../lib/error-modal/error-modal.tsx';
import { AccessDeniedModal } from '../lib/oauth/access-denied-modal.tsx';
import type { RouterContext } from '../lib/session/router-context.ts';
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
      <AccessDeniedModal />
      <AppUpdateHost />
      <SupportChatHost />
      <CookieConsentHost />
    </>
  );
}
