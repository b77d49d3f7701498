import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const wallet = (currencyCode: string, accountBalance: string, codeIso2: string, name: string) => ({
  accountBalance,
  currencyCode,
  country: { codeIso2, name },
  flagCode: codeIso2.toLowerCase(),
  isUserBaseCurrency: currencyCode === 'GBP',
});
const RATE = 'POST /api/main/api/v1/currency-convert';

describe('the convert dialog', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says when the exchange rate could not be fetched, and gets it on Try again', async () => {
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData({}) }),
      'GET /api/main/user-wallet-account/get': reply(200, {
        data: [wallet('GBP', '100.00', 'GB', 'United Kingdom'), wallet('EUR', '0.00', 'BE', 'Belgium')],
      }),
      [RATE]: [
        reply(503, {}),
        reply(200, {
          data: {
            from_currency: 'GBP',
            to_currency: 'EUR',
            from_amount: '10.00',
            to_amount: '11.50',
            exchange_rate: '1.15',
            expires_at: '2099-01-01T00:00:00Z',
            expires_in_seconds: 30,
          },
        }),
      ],
    });
    await renderApp('/wallets', { store: appStore });
    fireEvent.click(await screen.findByRole('button', { name: 'Convert GBP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert' });
    fireEvent.change(within(dialog).getByLabelText('Amount to convert'), { target: { value: '10' } });
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('We could not get an exchange rate for this conversion.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Rate: 1 GBP = 1.15 EUR', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.to(RATE)).toHaveLength(2);
  });
});
