/** A page that paints nothing (opened in a background tab) is taken as painted after this long. */
const LONGEST_WAIT_MS = 1_000;

let painted: Promise<void> | undefined;

/**
 * Resolves once the page has painted its first content (at once if it
 * already has; at once where the browser cannot tell). A call the first
 * screen does not wait for waits for this, so on a slow phone's network the
 * first screen's files are not sharing it with answers that come after it
 * anyway.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, LONGEST_WAIT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
  return painted;
}
