import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Paths that are never the app: API namespaces, sandbox provider pages
 * (3-D Secure, bank picker), the update file and the health check.
 */
const NOT_THE_APP = [/^\/api\//, /^\/sandbox\//, /^\/version\.json(?:\?|$)/, /^\/healthz(?:\?|$)/];

/** Every other navigation gets the precached shell, so deep links open offline. */
export function registerNavigation(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_APP }));
}
