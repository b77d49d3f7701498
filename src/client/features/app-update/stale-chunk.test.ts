import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Navigations, reloadIntoNewVersionOnStaleChunk } from './stale-chunk.ts';

/** Vite's event when a chunk of the page's release is gone; whether the handler took it over. */
function chunkGone(): boolean {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('a lazy chunk of an old release that is gone', () => {
  let assign: ReturnType<typeof vi.fn>;
  let next: ((href: string) => void) | undefined;
  let pending: string | undefined;
  const navigations: Navigations = {
    pendingTarget: () => pending,
    currentHref: () => '/sign-in',
    onNextNavigation: (go) => {
      next = go;
    },
  };
  let controller: AbortController;

  beforeEach(() => {
    controller = new AbortController();
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    sessionStorage.clear();
    next = undefined;
    pending = undefined;
    // a fresh handler per test, taken away after it
    const add = window.addEventListener.bind(window);
    vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: any) =>
      add(type, listener, { signal: controller.signal }),
    );
    reloadIntoNewVersionOnStaleChunk(navigations);
  });
  afterEach(() => {
    controller.abort();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('loads the page being opened afresh when a navigation is under way', () => {
    pending = '/country-of-residence';
    expect(chunkGone()).toBe(true);
    expect(assign).toHaveBeenCalledWith('/country-of-residence');
  });

  it('loads the page being shown afresh when a chunk of its own is gone, no link in view', () => {
    expect(chunkGone()).toBe(true);
    expect(assign).toHaveBeenCalledWith('/sign-in');
  });

  it('reloads nothing when a link pointed at preloaded it, and sends the next navigation to its page afresh', () => {
    const link = document.createElement('a');
    link.href = '/country-of-residence';
    document.body.append(link);
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link.remove();
    expect(chunkGone()).toBe(true);
    expect(assign).not.toHaveBeenCalled();
    next?.('/country-of-residence');
    expect(assign).toHaveBeenCalledWith('/country-of-residence');
  });

  it('does not reload again within 30 s, so a broken server cannot loop the tab', () => {
    pending = '/home';
    chunkGone();
    expect(chunkGone()).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
