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
