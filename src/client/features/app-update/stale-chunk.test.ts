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

  /** The server's /version.json naming `version`; `fetch` rejects, as offline, when undefined. */
  const serverRelease = (version: string | undefined) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (version === undefined) throw new TypeError('Failed to fetch');
        return Response.json({ version, version_update: 'minor' });
      }),
    );

  it('loads the page being shown afresh when a chunk of its own is gone and another release is live', async () => {
    serverRelease('9.9.9');
    // not taken over: whoever asked for the chunk sees it fail until the page reloads
    expect(chunkGone()).toBe(false);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/sign-in'));
    expect(fetch).toHaveBeenCalledWith('/version.json', { cache: 'no-store' });
  });

  it.each([
    ['the same release is live (a flaky network lost the chunk)', __APP_VERSION__],
    ['the server cannot be asked', undefined],
  ])('reloads nothing under the customer when nothing is being opened and %s', async (_, version) => {
    serverRelease(version);
    expect(chunkGone()).toBe(false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(assign).not.toHaveBeenCalled();
    // a second failure, later, asks again: nothing was remembered as a reload
    expect(chunkGone()).toBe(false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
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
