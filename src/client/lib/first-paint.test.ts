import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNotPaintedYet } from '../testing/browser-paints.ts';

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
    const browser = browserNotPaintedYet();
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
    browserNotPaintedYet();
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
