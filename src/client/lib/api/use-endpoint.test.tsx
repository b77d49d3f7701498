import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNotPaintedYet } from '../../testing/browser-paints.ts';

async function freshUseAnswer() {
  vi.resetModules();
  return (await import('./use-endpoint.ts')).useAnswer;
}

const answer = { data: 'data', cachedAt: null };

describe('when a screen asks for its data', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('after the first paint on a page no service worker controls', async () => {
    const browser = browserNotPaintedYet();
    const useAnswer = await freshUseAnswer();
    const load = vi.fn(async () => answer);
    const { result } = renderHook(() => useAnswer(load, 'key'));
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    browser.paint();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('at once on a page a service worker controls: its files come from the worker, not the network', async () => {
    browserNotPaintedYet();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {} } });
    const useAnswer = await freshUseAnswer();
    const load = vi.fn(async () => answer);
    const { result } = renderHook(() => useAnswer(load, 'key'));
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('ready');
  });
});

describe('a last-known copy on screen', () => {
  const copy = { data: 'as last seen', cachedAt: '2026-12-01T08:00:00.000Z' };
  const fresh = { data: 'now', cachedAt: null };

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A screen whose first answer is the worker's copy and every later one the server's, on a page a worker controls. */
  async function showingCopy(onLine: boolean) {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, onLine, serviceWorker: { controller: {} } });
    const { useAnswer, UNREACHABLE_ASK_AGAIN_MS } = await import('./use-endpoint.ts');
    const load = vi.fn(async () => (load.mock.calls.length === 1 ? copy : fresh));
    const { result } = renderHook(() => useAnswer(load, 'key'));
    await act(async () => undefined);
    expect(result.current).toMatchObject({ status: 'ready', data: 'as last seen', offline: true });
    return { load, result, UNREACHABLE_ASK_AGAIN_MS };
  }

  it('is asked for again while the browser says it is online: the server was slow or out of reach, and no online event will come', async () => {
    vi.resetModules();
    const { load, result, UNREACHABLE_ASK_AGAIN_MS } = await showingCopy(true);
    await act(async () => vi.advanceTimersByTime(UNREACHABLE_ASK_AGAIN_MS - 1));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ status: 'ready', data: 'now', offline: false });
  });

  it('waits for the connection while the browser says it is offline', async () => {
    vi.resetModules();
    const { load, UNREACHABLE_ASK_AGAIN_MS } = await showingCopy(false);
    await act(async () => vi.advanceTimersByTime(UNREACHABLE_ASK_AGAIN_MS * 4));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
