/**
 * Loads the browser's locale data for `locale` on another thread, as the app starts (`intl-warm-up-worker.ts` says
 * why). Best effort: where workers cannot start, the first formatter pays the cost itself, as it did before.
 */
export function warmUpIntl(locale: string): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm-up-worker.ts', import.meta.url), {
      type: 'module',
      name: 'intl-warm-up',
    });
    // it ends itself once it has built its formatters; the page ends it only if it fails
    worker.onerror = () => worker.terminate();
    worker.postMessage(locale);
  } catch {
    // refused (a policy, a private mode): the main thread loads the data when it first formats
  }
}
