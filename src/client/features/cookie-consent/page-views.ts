import { ANALYTICS_URL } from '../../lib/config.ts';

/**
 * Tells the analytics collector a page was viewed: the route's pattern
 * (`/transfers/$transactionReference`, never the reference) and the language.
 * Only ever called once the customer has accepted analytics; a failure is
 * nobody's concern.
 */
export function sendPageView(page: string, locale: string): void {
  fetch(ANALYTICS_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'page_view', page, locale }),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}
