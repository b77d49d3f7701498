/**
 * On a first visit the page asks for its data before the service worker is installed, so those answers pass it by
 * and the page, opened offline later, would have nothing to show. Each last-known read answered before a worker
 * controlled the page is kept here and asked again once one does (the worker then stores its answer, per session
 * and body, as it stores every later one: sw/api-cache.ts); its answer is not waited for.
 */
const askedBeforeWorker: (() => Request)[] = [];
let watching = false;

export function askAgainThroughWorker(request: () => Request): void {
  const workers = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!workers || workers.controller) return;
  askedBeforeWorker.push(request);
  if (watching) return;
  watching = true;
  workers.addEventListener(
    'controllerchange',
    () => {
      for (const again of askedBeforeWorker.splice(0)) void fetch(again()).catch(() => undefined);
    },
    { once: true },
  );
}
