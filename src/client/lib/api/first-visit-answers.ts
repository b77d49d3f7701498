/**
 * On a first visit the page asks for its data before the service worker is installed, so those answers pass it by
 * and the page, opened offline later, would have nothing to show. Each last-known read sent before a worker
 * controlled the page is asked again through one (the worker then stores its answer, per session and body, as it
 * stores every later one: sw/api-cache.ts): at once if one has taken over while it was on its way, else when one
 * does. Its answer is not waited for.
 */
const askedBeforeWorker: (() => Request)[] = [];
let watching = false;

const workers = () => (typeof navigator === 'undefined' ? undefined : navigator.serviceWorker);

/** Whether a request sent now passes no worker by: the browser has workers, and none controls this page yet. */
export function passesNoWorker(): boolean {
  const container = workers();
  return container !== undefined && !container.controller;
}

const askAgain = (request: () => Request) => void fetch(request()).catch(() => undefined);

/** For a read sent when `passesNoWorker()` said so, and answered: its request, to be sent again through the worker. */
export function askAgainThroughWorker(request: () => Request): void {
  const container = workers();
  if (!container) return;
  if (container.controller) {
    askAgain(request);
    return;
  }
  askedBeforeWorker.push(request);
  if (watching) return;
  watching = true;
  container.addEventListener('controllerchange', () => askedBeforeWorker.splice(0).forEach(askAgain), { once: true });
}
