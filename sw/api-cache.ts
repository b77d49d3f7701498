import { is } from 'superstruct';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { SESSION_HEADER } from '../src/domain/contract/endpoint.ts';
import { isLastKnownRequest, LAST_KNOWN_METHODS } from '../src/domain/contract/last-known.ts';
import { API_CACHE_NAME, CACHED_AT_HEADER, type LogoutDoneMessage, LogoutMessage } from '../src/domain/sw-messages.ts';
import { decodedHeaders } from './decoded-headers.ts';

declare const self: ServiceWorkerGlobalScope;

/** Past this, a slow network loses to the last-known copy (the network answer still refreshes the cache). */
const NETWORK_TIMEOUT_SECONDS = 4;
const AUTH_HEADER = SESSION_HEADER;

async function sha256Hex(text: string, bytes = 16): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One cache for everyone, so each entry is keyed by a hash of the session
 * token that fetched it; a POST read (`user/get`) also by a hash of its body.
 * The key is always a GET URL: the Cache API stores nothing else.
 */
async function cacheKey(request: Request, bodyHash: string | undefined): Promise<string> {
  const key = new URL(request.url);
  const token = request.headers.get(AUTH_HEADER);
  if (token) key.searchParams.set('sw-owner', await sha256Hex(token));
  if (bodyHash) key.searchParams.set('sw-body', bodyHash);
  return key.href;
}

/**
 * Sign-outs seen by this worker. Each call remembers the count it started
 * under; an answer that arrives after a sign-out is the previous
 * customer's, and is never stored, even though the cache it was asked for
 * is gone (a put would make a new one).
 */
let signOuts = 0;
const startedUnder = new WeakMap<ExtendableEvent, number>();
const signedOutSince = (event: ExtendableEvent | undefined): boolean =>
  event === undefined || startedUnder.get(event) !== signOuts;

/** Only complete answers are kept, stamped with when they were stored. */
async function stampForCache(response: Response): Promise<Response | null> {
  if (response.status !== 200) return null;
  // the body read below is already decoded: the stored copy must not claim an encoding or the coded length
  const headers = decodedHeaders(response.headers);
  headers.set(CACHED_AT_HEADER, new Date().toISOString());
  return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
}

/**
 * Last-known API data for offline use (DESIGN §5): calls of the endpoint
 * table entries marked `last-known` go to the network first and fall back to
 * the copy stored for the same session (and, for a POST read, the same body);
 * every other call passes through untouched.
 */
export function registerApiCache(): void {
  const strategy = new NetworkFirst({
    cacheName: API_CACHE_NAME,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        cacheKeyWillBeUsed: ({ request, params }) =>
          cacheKey(request, (params as { bodyHash?: string } | undefined)?.bodyHash),
      },
      {
        cacheWillUpdate: async ({ response, event }) => (signedOutSince(event) ? null : stampForCache(response)),
        // a sign-out between the check above and the write: take the entry back out
        cacheDidUpdate: async ({ cacheName, request, event }) => {
          if (signedOutSince(event)) await (await caches.open(cacheName)).delete(request);
        },
      },
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  });
  // the body is read from a copy before the network takes the request's own
  const handler = async ({ request, event }: RouteHandlerCallbackOptions) => {
    startedUnder.set(event, signOuts);
    const bodyHash = request.method === 'GET' ? undefined : await sha256Hex(await request.clone().text());
    return strategy.handle({ request, event, params: { bodyHash } });
  };
  for (const method of LAST_KNOWN_METHODS) {
    registerRoute(
      ({ url, request }) => url.origin === self.location.origin && isLastKnownRequest(request.method, url.pathname),
      handler,
      method,
    );
  }

  self.addEventListener('message', (event) => {
    if (!is(event.data, LogoutMessage)) return;
    signOuts++;
    const done = caches
      .delete(API_CACHE_NAME)
      .then(() => event.ports[0]?.postMessage({ type: 'LOGOUT_DONE' } satisfies LogoutDoneMessage));
    event.waitUntil(done);
  });
}
