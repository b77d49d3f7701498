import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Promotion } from '../../../domain/contract/promotions.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const LIST = 'GET /api/main/remit/options/promotions';

const promo = (code: string): Promotion => ({
  code,
  kind: 'percent_fee',
  percent_off: '10',
  amount_off: null,
  currency: null,
  valid_until: null,
  status: 'available',
});

describe('the promo codes screen', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows more codes on request, page after page, until the last', async () => {
    const pages: Record<string, object> = {
      '': { data: [promo('NEWEST'), promo('NEWER')], _links: { next: { href: `${LIST.slice(4)}?before=b1&limit=2` } } },
      b1: { data: [promo('OLDER'), promo('OLDEST')], _links: {} },
    };
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData({}) }),
      [LIST]: ({ query }) => reply(200, pages[query.get('before') ?? ''])({} as never),
    });
    await renderApp('/your-promo-codes', { store: appStore });
    const codes = () => screen.queryAllByRole('article').map((article) => article.querySelector('h2')?.textContent);
    await waitFor(() => expect(codes()).toEqual(['NEWEST', 'NEWER']));

    fireEvent.click(screen.getByRole('button', { name: 'Show more promo codes' }));
    await waitFor(() => expect(codes()).toEqual(['NEWEST', 'NEWER', 'OLDER', 'OLDEST']));
    expect(screen.queryByRole('button', { name: 'Show more promo codes' })).toBeNull();
    expect(api.to(LIST).map((request) => request.query.toString())).toEqual(['', 'before=b1&limit=2']);
  });
});
