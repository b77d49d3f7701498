import { is } from 'superstruct';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { SkipWaitingMessage } from '../src/domain/sw-messages.ts';
import { registerApiCache } from './api-cache.ts';
import { registerLanguages } from './languages.ts';
import { registerNavigation } from './navigation.ts';
import { registerOnDemand } from './on-demand.ts';
import { registerPush } from './push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The shell and every screen's code and styles (build output, see vite.config.ts); of the languages' catalogs, only
// the customer's own (languages.ts).
precacheAndRoute(registerLanguages(self.__WB_MANIFEST));
cleanupOutdatedCaches();
registerNavigation();
registerOnDemand();
registerApiCache();
registerPush();

// A new version waits until the customer agrees to refresh (SPEC §4 version check).
self.addEventListener('message', (event) => {
  if (is(event.data, SkipWaitingMessage)) event.waitUntil(self.skipWaiting());
});
// Once active, control the pages already open (first install: offline works without a reload).
clientsClaim();
