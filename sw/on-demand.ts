import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ON_DEMAND_FILE } from '../src/domain/precache-files.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The files the build leaves out of the precache because what they do needs the network anyway (Adyen Web: its card
 * fields are Adyen's frames): kept once a page has loaded them, so the step that showed them opens offline as it did.
 * Their names carry a hash, so a new release's are new entries; the oldest go.
 */
export function registerOnDemand(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && ON_DEMAND_FILE.test(url.pathname),
    new CacheFirst({
      cacheName: 'sarraf-on-demand',
      plugins: [new ExpirationPlugin({ maxEntries: 12, purgeOnQuotaError: true })],
    }),
  );
}
