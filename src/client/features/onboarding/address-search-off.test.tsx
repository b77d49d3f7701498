import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { SESSION_TOKEN, user } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply, SANDBOX_CLIENT_PROVIDERS } from '../../testing/fake-api.ts';
import { currentHref, renderApp } from '../../testing/render-app.tsx';

describe('a deployment without address search (ADDRESS_LOOKUP=off)', () => {
  it('takes the customer straight to the address form, with no search that could not work', async () => {
    const api = fakeApi({
      'GET /api/locator/client-providers': reply(200, {
        data: { ...SANDBOX_CLIENT_PROVIDERS, address_search_countries: [] },
      }),
      'GET /api/main/remit/options/get-provinces': reply(200, { data: [] }),
    });
    const store = createStore();
    store.set(accessTokenAtom, SESSION_TOKEN);
    store.set(userAtom, user({ redirect_to_full: 'address-search', isFullyRegistered: false }));
    const { router } = await renderApp('/address-search', { store });
    await screen.findByRole('heading', { level: 1, name: 'Enter your address' });
    expect(currentHref(router)).toBe('/address');
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    expect(api.sent.some((request) => request.path.includes('address-plain-lookup'))).toBe(false);
  });
});
