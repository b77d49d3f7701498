import { vi } from 'vitest';

type PaintEntries = { getEntriesByName: (name: string) => unknown[] };

/**
 * A browser that reports paints and has painted nothing yet (`PerformanceObserver` stubbed until
 * `vi.unstubAllGlobals()`): `paint()` delivers its first contentful paint to whoever observes.
 */
export function browserNotPaintedYet() {
  const observers: Array<(entries: PaintEntries) => void> = [];
  class PaintObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (entries: PaintEntries) => void) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', PaintObserver);
  return {
    paint: () => {
      for (const observe of observers) {
        observe({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []) });
      }
    },
  };
}
