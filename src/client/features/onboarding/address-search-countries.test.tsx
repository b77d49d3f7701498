import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { SESSION_TOKEN, user } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply, SANDBOX_CLIENT_PROVIDERS } from '../../testing/fake-api.ts';
import { currentHref, renderApp } from '../../testing/render-app.tsx';

// a file of its own: the page keeps the server's answer about its providers for as long as it lives
describe('a deployment whose address search covers some countries (ADDRESS_LOOKUP=ideal-postcodes: Britain)', () => {
  it('takes a customer whose country it does not cover straight to the form, and offers the search in Britain', async () => {
    const searchesGb = { ...SANDBOX_CLIENT_PROVIDERS, address_search_countries: ['GB'] };
    const answers = {
      'GET /api/locator/client-providers': reply(200, { data: searchesGb }),
      'GET /api/main/remit/options/get-provinces': reply(200, { data: [] }),
    };
    fakeApi(answers);
    const swedish = createStore();
    swedish.set(accessTokenAtom, SESSION_TOKEN);
    swedish.set(userAtom, user({ country: 'SE', redirect_to_full: 'address-search', isFullyRegistered: false }));
    const abroad = await renderApp('/address-search', { store: swedish });
    // the form's screen is a chunk of its own: on a loaded machine it comes after the default second
    await screen.findByRole('heading', { level: 1, name: 'Enter your address' }, { timeout: 10_000 });
    expect(currentHref(abroad.router)).toBe('/address');
    abroad.unmount();

    fakeApi(answers);
    const british = createStore();
    british.set(accessTokenAtom, SESSION_TOKEN);
    british.set(userAtom, user({ country: 'GB', redirect_to_full: 'address-search', isFullyRegistered: false }));
    const home = await renderApp('/address-search', { store: british });
    expect(await screen.findByRole('button', { name: 'Search' })).toBeTruthy();
    expect(currentHref(home.router)).toBe('/address-search');
  });
});
