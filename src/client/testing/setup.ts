import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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

// jsdom does not lay out pages, so it cannot scroll them; the router scrolls to the top after each navigation.
window.scrollTo = () => {};

// Files share one jsdom per worker (vitest.config.ts): whatever a test leaves in the document, however it got
// there, is gone before the next test, in this file or the next.
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  }
});
