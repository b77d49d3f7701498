import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const BALANCES = 'GET /api/main/user-wallet-account/get';
const CURRENCIES = 'GET /api/main/api/source-country/wallet-currencies';
const CONVERSIONS = 'GET /api/main/api/v1/conversions';

describe('/wallets', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the balances and the wallet currencies once, though two cards show each, and the conversions with them', async () => {
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData({}) }),
      [BALANCES]: reply(200, { data: [] }),
      [CURRENCIES]: reply(200, { data: [] }),
      [CONVERSIONS]: reply(200, { data: [], _links: {} }),
    });
    await renderApp('/wallets', { store: appStore });
    await screen.findByRole('heading', { level: 1, name: 'Wallets' });
    await vi.waitFor(() => expect(api.to(CURRENCIES).length + api.to(BALANCES).length).toBeGreaterThanOrEqual(2));
    // every card has mounted and asked by the time the screen's loading text is gone or failed
    await vi.waitFor(() => expect(screen.queryByText('Loading your wallets…')).toBeNull());
    expect(api.to(BALANCES)).toHaveLength(1);
    expect(api.to(CURRENCIES)).toHaveLength(1);
    // asked with the other cards' data (wallets-answers.ts), and the card takes that answer instead of asking again
    expect(api.to(CONVERSIONS)).toHaveLength(1);
  });
});
