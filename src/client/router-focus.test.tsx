import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from './testing/fake-api.ts';
import { renderApp } from './testing/render-app.tsx';

describe('after a navigation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("focuses the new page's heading", async () => {
    localStorage.setItem('cookie-consent', 'necessary-only');
    fakeApi({
      'GET /api/main/user/detect-country': reply(200, { data: { country_code: 'GB', region_code: null } }),
    });
    const { router } = await renderApp('/sign-in');
    await act(() => router.navigate({ to: '/support' }));
    expect(document.activeElement).toBe(await screen.findByRole('heading', { level: 1, name: 'Support' }));
  });
});
