import { clientProviders } from '../../lib/client-providers.ts';

/** SPEC §9: how long a page view waits for the collector's answer before it is given up. */
const ANALYTICS_TIMEOUT_MS = 2_000;

/**
 * Tells the analytics collector a page was viewed: the route's pattern
 * (`/transfers/$transactionReference`, never the reference) and the language.
 * Only ever called once the customer has accepted analytics; a failure is
 * nobody's concern, and one the collector has not answered within 2 s is
 * given up (no connection held for it). A deployment without analytics (the server says so) sends nothing.
 */
export function sendPageView(page: string, locale: string): void {
  clientProviders()
    .then(({ analytics_url: url }) => {
      if (!url) return;
      return fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'page_view', page, locale }),
        keepalive: true,
        credentials: 'omit',
        signal: AbortSignal.timeout(ANALYTICS_TIMEOUT_MS),
      });
    })
    .catch(() => undefined);
}
