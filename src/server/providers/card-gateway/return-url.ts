import type { CardAuthorization } from './card-gateway.ts';

const PROBE_ORIGIN = 'https://merchant.invalid';
const MAX_LENGTH = 2048;

/**
 * True only for a path on our own origin ("/checkout-card-enrollment/x?a=b"):
 * never an absolute or protocol-relative URL, and never a backslash or
 * whitespace or control character, which browsers may rewrite into one
 * (open-redirect guard).
 */
export function isSameOriginPath(url: string): boolean {
  if (url.length > MAX_LENGTH || !url.startsWith('/') || /[\\\s\p{Cc}]/u.test(url)) return false;
  if (url.startsWith('//')) return false;
  try {
    return new URL(url, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Where a finished 3-D Secure challenge sends the browser: the merchant's
 * return path with the outcome added to its query (existing params kept).
 */
export function challengeResultUrl(returnUrl: string, payment: CardAuthorization, provider = 'sandbox'): string {
  const url = new URL(returnUrl, PROBE_ORIGIN);
  url.searchParams.set('status', payment.status === 'APPROVED' ? 'success' : 'failure');
  url.searchParams.set('provider', provider);
  url.searchParams.set('payment_id', payment.paymentId);
  return `${url.pathname}${url.search}${url.hash}`;
}
