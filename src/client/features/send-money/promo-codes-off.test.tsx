import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { KENYA_BANK, KENYA_MOBILE, SOMALIA_CASH } from '../../../../tests/support/fx-rate-options.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { chooseDestination } from '../../testing/destination-picker.ts';
import { deploymentWith, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { setViewportWidth } from '../../testing/viewport.ts';
import { QUOTE } from './draft-fixtures.ts';
import { clearSendMoneyDraft } from './send-money-draft.ts';

describe('a deployment with PROMO_CODES=false', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
  });

  it('quotes with no promo code field', async () => {
    const api = fakeApi({
      ...deploymentWith({ promo_codes: false }),
      'POST /api/main/user/get': reply(200, { data: userData({ name: 'Amina Otieno' }) }),
      'GET /api/main/api/v2/fx-rates': reply(200, { data: [SOMALIA_CASH, KENYA_BANK, KENYA_MOBILE] }),
      'POST /api/main/remit/remittance/save-quote': reply(201, { data: QUOTE }),
    });
    await renderApp('/send-money/quote', { store: appStore });
    await chooseDestination('Send to', 'ke', 'Kenya');
    fireEvent.change(screen.getByLabelText('You send'), { target: { value: '100' } });
    await waitFor(() => expect(api.to('POST /api/main/remit/remittance/save-quote')).toHaveLength(1));
    await screen.findByRole('region', { name: 'Your quote' });
    expect(screen.queryByLabelText('Promo code (optional)')).toBeNull();
  });

  it('has no Promo codes page in the account menu', async () => {
    // a phone's burger menu, which carries the account menu's items
    setViewportWidth(390);
    fakeApi({ ...deploymentWith({ promo_codes: false }) });
    await renderApp('/transfers', { store: appStore });
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Account' });
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Promo codes' })).toBeNull();
  });
});
