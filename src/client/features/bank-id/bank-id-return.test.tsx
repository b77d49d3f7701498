import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStore, SESSION_TOKEN, signedIn, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { forgetPendingBankId, keepPendingBankId } from './bank-id-pending.ts';

const BANK_ID_TOKEN = 'bid_0123456789abcdef0123';

const identity = {
  given_name: 'Sanna',
  surname: 'Svensson',
  date_of_birth: '1985-02-14',
  personal_number: '••••••••1234',
  _links: { 'bankid/check': { href: '/api/oauth/bankid/check', method: 'POST' } },
};

describe('/nets-success for a bank-ID registration', () => {
  beforeEach(() => {
    resetAppStore();
    sessionStorage.clear();
    forgetPendingBankId();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows who the bank identified and makes the account only when the customer confirms', async () => {
    keepPendingBankId({
      token: BANK_ID_TOKEN,
      purpose: 'registration',
      oauthUrl: '/api/oauth',
      middlewareUrl: '/api/main',
      ekyc: true,
    });
    const newCustomer = { redirect_to_full: 'registration-nationality', isFullyRegistered: false } as const;
    const api = fakeApi({
      'POST /api/oauth/bankid/ekyc': reply(200, { data: identity }),
      'POST /api/oauth/bankid/check': reply(200, { data: signedIn(newCustomer) }),
      'POST /api/main/user/get': reply(200, { data: userData(newCustomer) }),
    });
    const { router } = await renderApp('/nets-success?order_ref=ord_1', { locale: 'sv' });
    await screen.findByRole('heading', { level: 1, name: 'Är det här du?' });
    expect(screen.getByText('Sanna Svensson')).toBeTruthy();
    expect(screen.getByText('14 februari 1985')).toBeTruthy();
    expect(screen.getByText('••••••••1234')).toBeTruthy();
    expect(api.to('POST /api/oauth/bankid/ekyc')[0]?.headers.get('authorization')).toBe(`Bearer ${BANK_ID_TOKEN}`);
    expect(api.to('POST /api/oauth/bankid/check')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Ja, skapa mitt konto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration-nationality'));
    expect(api.to('POST /api/oauth/bankid/check')).toHaveLength(1);
    expect(localStorage.getItem('access-token')).toBe(SESSION_TOKEN);
  });

  it('finishes when the bank-ID app comes back in another tab or after a browser restart (no tab storage left)', async () => {
    keepPendingBankId({ token: BANK_ID_TOKEN, purpose: 'login', oauthUrl: '/api/oauth', middlewareUrl: '/api/main' });
    // another tab, or the browser started again: this tab's sessionStorage is not there
    sessionStorage.clear();
    fakeApi({
      'POST /api/oauth/bankid/check': reply(200, { data: signedIn() }),
      'POST /api/main/user/get': reply(200, { data: userData() }),
    });
    const { router } = await renderApp('/nets-success?order_ref=ord_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('does not finish an identification older than the server keeps it', async () => {
    keepPendingBankId({ token: BANK_ID_TOKEN, purpose: 'login', oauthUrl: '/api/oauth', middlewareUrl: '/api/main' });
    const kept = JSON.parse(localStorage.getItem('bank-id-pending') ?? '{}');
    localStorage.setItem('bank-id-pending', JSON.stringify({ ...kept, keptAt: Date.now() - 16 * 60_000 }));
    const api = fakeApi({});
    await renderApp('/nets-success?order_ref=ord_1');
    await screen.findByText('There is no bank-ID identification to finish here. Start again.');
    expect(api.sent).toHaveLength(0);
  });

  it('signs a returning customer in at once, with no identity step', async () => {
    keepPendingBankId({ token: BANK_ID_TOKEN, purpose: 'login', oauthUrl: '/api/oauth', middlewareUrl: '/api/main' });
    const api = fakeApi({
      'POST /api/oauth/bankid/check': reply(200, { data: signedIn() }),
      'POST /api/main/user/get': reply(200, { data: userData() }),
    });
    const { router } = await renderApp('/nets-success?order_ref=ord_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.to('POST /api/oauth/bankid/ekyc')).toHaveLength(0);
  });
});
