import { is } from 'superstruct';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { SESSION_HEADER } from '../src/domain/contract/endpoint.ts';
import { isLastKnownRequest } from '../src/domain/contract/last-known.ts';
import { API_CACHE_NAME, CACHED_AT_HEADER, type LogoutDoneMessage, LogoutMessage } from '../src/domain/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

/** Past this, a slow network loses to the last-known copy (the network answer still refreshes the cache). */
const NETWORK_TIMEOUT_SECONDS = 4;
const AUTH_HEADER = SESSION_HEADER;

/** One cache for everyone, so each entry is keyed by a hash of the session token that fetched it. */
async function ownerKey(request: Request): Promise<string> {
  const token = request.headers.get(AUTH_HEADER);
  if (!token) return request.url;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const owner = Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  const key = new URL(request.url);
  key.searchParams.set('sw-owner', owner);
  return key.href;
}

/** Only complete answers are kept, stamped with when they were stored. */
async function stampForCache(response: Response): Promise<Response | null> {
  if (response.status !== 200) return null;
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, new Date().toISOString());
  // the body read below is already decoded: the stored copy must not claim an encoding or the coded length
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
}

/**
 * Last-known API data for offline use (DESIGN §5): GETs of the endpoint table
 * entries marked `last-known` go to the network first and fall back to the
 * copy stored for the same session; every other call passes through untouched.
 */
export function registerApiCache(): void {
  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && isLastKnownRequest(request.method, url.pathname),
    new NetworkFirst({
      cacheName: API_CACHE_NAME,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        { cacheKeyWillBeUsed: ({ request }) => ownerKey(request) },
        { cacheWillUpdate: ({ response }) => stampForCache(response) },
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );

  self.addEventListener('message', (event) => {
    if (!is(event.data, LogoutMessage)) return;
    const done = caches
      .delete(API_CACHE_NAME)
      .then(() => event.ports[0]?.postMessage({ type: 'LOGOUT_DONE' } satisfies LogoutDoneMessage));
    event.waitUntil(done);
  });
}
