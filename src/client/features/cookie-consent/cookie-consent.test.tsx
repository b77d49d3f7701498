import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
// loaded ahead, as the browser would have by now: the root route imports it lazily
import './cookie-consent.tsx';

const ANALYTICS = 'POST /sandbox/analytics/events';
const routes = {
  'GET /api/main/user/detect-country': reply(200, { data: { country_code: 'GB', region_code: null } }),
  [ANALYTICS]: () => new Response(null, { status: 204 }),
};
const pageViews = (sent: { method: string; path: string; body: unknown }[]) =>
  sent.filter((request) => `${request.method} ${request.path}` === ANALYTICS).map((request) => request.body);

describe('the cookie notice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends no page view before consent, then one per page, and is not asked again', { timeout: 20_000 }, async () => {
    const api = fakeApi(routes);
    const { router } = await renderApp('/support');
    const notice = await screen.findByRole('region', { name: 'Cookies' });
    await act(() => router.navigate({ to: '/sign-in' }));
    expect(pageViews(api.sent)).toEqual([]);

    fireEvent.click(within(notice).getByRole('button', { name: 'Accept analytics' }));
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    await waitFor(() =>
      expect(pageViews(api.sent)).toEqual([{ name: 'page_view', page: '/sign-in', locale: 'en-GB' }]),
    );
    await act(() =>
      router.navigate({ to: '/legal/$country/$document', params: { country: 'se', document: 'terms-and-conditions' } }),
    );
    await waitFor(() =>
      expect(pageViews(api.sent).at(-1)).toEqual({
        name: 'page_view',
        page: '/legal/$country/$document',
        locale: 'en-GB',
      }),
    );
    expect(localStorage.getItem('cookie-consent')).toBe('accepted');
  });

  it('gives up a page view the collector has not answered within 2 seconds', { timeout: 20_000 }, async () => {
    let sentAt = 0;
    let abortedAt = 0;
    fakeApi({
      ...routes,
      [ANALYTICS]: () => {
        sentAt = Date.now();
        return new Promise<Response>(() => undefined);
      },
    });
    await renderApp('/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept analytics' }));
    await waitFor(() => expect(sentAt).toBeGreaterThan(0));
    const init = vi.mocked(fetch).mock.calls.find(([input]) => String(input).includes('/analytics/'))?.[1];
    const signal = init?.signal as AbortSignal;
    signal.addEventListener('abort', () => {
      abortedAt = Date.now();
    });
    expect(signal.aborted).toBe(false);
    await waitFor(() => expect(abortedAt).toBeGreaterThan(0), { timeout: 6_000 });
    expect(abortedAt - sentAt).toBeGreaterThanOrEqual(1_900);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('sends nothing when the customer keeps to what is necessary, and remembers that too', async () => {
    const api = fakeApi(routes);
    const { router } = await renderApp('/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Necessary only' }));
    await act(() => router.navigate({ to: '/sign-in' }));
    expect(pageViews(api.sent)).toEqual([]);
    expect(localStorage.getItem('cookie-consent')).toBe('necessary-only');
  });
});
