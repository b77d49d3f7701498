import { afterEach, describe, expect, it, vi } from 'vitest';

/** A browser that reports paints: `paint()` delivers the first contentful paint to whoever observes. */
function browserThatPaints() {
  const observers: Array<(entries: { getEntriesByName: (name: string) => unknown[] }) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: () => {
      for (const observe of observers) {
        observe({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []) });
      }
    },
  };
}

async function freshModule() {
  vi.resetModules();
  return import('./first-paint.ts');
}

async function settledWithin(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('after the first paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, then lets every caller through at once', async () => {
    vi.useFakeTimers();
    const browser = browserThatPaints();
    const { afterFirstPaint } = await freshModule();
    const first = afterFirstPaint();
    expect(await settledWithin(first)).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(await settledWithin(first)).toBe(false);
    browser.paint();
    expect(await settledWithin(first)).toBe(true);
    expect(await settledWithin(afterFirstPaint())).toBe(true);
  });

  it('does not wait past a second for a page that paints nothing (a background tab)', async () => {
    vi.useFakeTimers();
    browserThatPaints();
    const { afterFirstPaint } = await freshModule();
    const waiting = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settledWithin(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledWithin(waiting)).toBe(true);
  });

  it('does not wait where the browser cannot report paints', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    const { afterFirstPaint } = await freshModule();
    expect(await settledWithin(afterFirstPaint())).toBe(true);
  });
});
