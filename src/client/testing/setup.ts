import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { clear as clearIndexedDb } from 'idb-keyval';
import { afterEach, vi } from 'vitest';
import { installViewport, resetViewport } from './viewport.ts';

// Files share one jsdom per worker (vitest.config.ts) but not the app's modules: each file imports them afresh,
// so no module-level state (a store, a request in flight, a cache) carries from one file into the next.
vi.resetModules();

// jsdom has no modal dialogs: enough of HTMLDialogElement for open/close and the close event.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

installViewport();

// jsdom does not lay out pages, so it cannot scroll them; the router scrolls to the top after each navigation.
window.scrollTo = () => {};

// Nor does it size anything, so nothing it holds is ever resized: an observer that watches and is never called.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Files share one jsdom per worker (vitest.config.ts): whatever a test leaves in the document, however it got
// there, is gone before the next test, in this file or the next.
afterEach(async () => {
  cleanup();
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetViewport();
  // a browser feature a test gave jsdom (a service worker, say) is gone again
  Reflect.deleteProperty(navigator, 'serviceWorker');
  await clearIndexedDb();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  }
});
