import { clientProviders } from '../../lib/client-providers.ts';

/**
 * Tells the analytics collector a page was viewed: the route's pattern
 * (`/transfers/$transactionReference`, never the reference) and the language.
 * Only ever called once the customer has accepted analytics; a failure is
 * nobody's concern. A deployment without analytics (the server says so) sends nothing.
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
      });
    })
    .catch(() => undefined);
}
