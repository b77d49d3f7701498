import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KENYA_MOBILE } from '../../../../tests/support/fx-rate-options.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { currentHref, renderApp } from '../../testing/render-app.tsx';
import { savedRecipient } from '../../testing/saved-recipient.ts';
import { QUOTED_DRAFT } from './draft-fixtures.ts';
import { clearSendMoneyDraft, loadSendMoneyDraft, updateSendMoneyDraft } from './send-money-draft.ts';

const AMINA = savedRecipient('ben_1', {
  first_name: 'Amina',
  last_name: 'Otieno',
  mobile: '+254712345678',
  mobile_network_code: 'MPESA',
  relationship: 'parent',
  purpose_of_transaction: 'gift',
});
const LIST = 'GET /api/main/api/v1/beneficiaries';

describe('/recipients, sending to one', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('"Send" opens the amount with the recipient chosen, and "Your details" then goes to their review', async () => {
    fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData({ name: 'Hodan Warsame' }) }),
      [LIST]: reply(200, { data: { data: [AMINA] } }),
      'GET /api/main/api/v2/fx-rates': reply(200, { data: [KENYA_MOBILE] }),
    });
    const { router } = await renderApp('/recipients', { store: appStore });
    const list = await screen.findByRole('list', { name: 'Your recipients' });
    fireEvent.click(within(list).getByRole('button', { name: 'Send to Amina Otieno' }));
    await waitFor(() => expect(currentHref(router)).toBe('/send-money/quote'));
    const draft = await loadSendMoneyDraft(appStore);
    expect(draft).toMatchObject({
      destination: { country: 'KE', payoutType: 'mobile' },
      beneficiaryId: 'ben_1',
      purpose: 'gift',
    });

    // the amount quoted, "Your details" confirmed: the chosen recipient's review opens, not the list
    await updateSendMoneyDraft((current) => ({ ...current, ...QUOTED_DRAFT, beneficiaryId: 'ben_1' }), appStore);
    await router.navigate({ to: '/send-money/self-info' });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentHref(router)).toBe('/send-money/recipient-details'));
  });

  it('gives no "Send" to a recipient whose way of receiving is not offered any more (card payouts off)', async () => {
    const card = {
      ...savedRecipient('ben_2', { first_name: 'Baraka', last_name: 'Mwangi', card_token: 'pcd_1234567890' }),
      payout_type: 'card' as const,
      first_name: 'Baraka',
      last_name: 'Mwangi',
      display_name: 'Baraka Mwangi',
      payout_label: 'Visa •••• 0004',
    };
    fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData({ name: 'Hodan Warsame' }) }),
      [LIST]: reply(200, { data: { data: [AMINA, card] } }),
      'GET /api/main/api/v2/fx-rates': reply(200, { data: [KENYA_MOBILE] }),
    });
    await renderApp('/recipients', { store: appStore });
    const list = await screen.findByRole('list', { name: 'Your recipients' });
    await within(list).findByRole('button', { name: 'Send to Amina Otieno' });
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Send to Baraka Mwangi' })).toBeNull());
    expect(within(list).getAllByText(/Baraka Mwangi/).length).toBeGreaterThan(0);
  });
});
