import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { set } from 'idb-keyval';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { KENYA_MOBILE_SCHEMA, KENYA_NETWORKS } from '../../testing/kenya-schema.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { savedRecipient } from '../../testing/saved-recipient.ts';
import { QUOTED_DRAFT } from './draft-fixtures.ts';
import { clearSendMoneyDraft, loadSendMoneyDraft, SEND_MONEY_DRAFT_KEY } from './send-money-draft.ts';

const SAVED = savedRecipient('ben_7', {
  first_name: 'Amina',
  last_name: 'Otieno',
  mobile: '+254712345678',
  mobile_network_code: 'MPESA',
  relationship: 'parent',
  purpose_of_transaction: 'gift',
});

describe('new recipient step', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
    await set(SEND_MONEY_DRAFT_KEY, { ...QUOTED_DRAFT, senderConfirmed: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers to update a recipient already saved, then sends this transfer to them', async () => {
    const api = fakeApi({
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
      'POST /api/main/api/v1/beneficiaries': failure(
        409,
        'BeneficiaryAlreadyExists',
        'You already have this recipient',
      ),
      'GET /api/main/api/v1/beneficiaries': reply(200, { data: { data: [SAVED] } }),
      'PUT /api/main/api/v1/beneficiaries/ben_7': reply(200, {
        data: {
          ...SAVED,
          first_name: 'Aminah',
          display_name: 'Aminah Otieno',
          values: { ...SAVED.values, first_name: 'Aminah', purpose_of_transaction: 'family_support' },
        },
      }),
    });
    const store = createStore();
    store.set(accessTokenAtom, SESSION_TOKEN);
    const { router } = await renderApp('/send-money/new-recipient-details', { store });

    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('First name');
    type('First name', 'Aminah');
    type('Last name', 'Otieno');
    type('Mobile number', '0712 345 678');
    type('Mobile network', 'MPESA');
    type('Relationship to you', 'parent');
    type('Purpose of transaction', 'family_support');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'This recipient already exists' });
    expect(within(dialog).getByText(/You have already saved Amina Otieno \(Safaricom M-PESA ••• 678\)/)).toBeTruthy();
    expect(api.to('GET /api/main/api/v1/beneficiaries')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update recipient' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/send-money/recipient-details'));
    expect(api.to('PUT /api/main/api/v1/beneficiaries/ben_7')[0]?.body).toEqual({
      values: {
        first_name: 'Aminah',
        last_name: 'Otieno',
        mobile: '+254712345678',
        mobile_network_code: 'MPESA',
        relationship: 'parent',
        purpose_of_transaction: 'family_support',
      },
    });
    expect(await loadSendMoneyDraft(store)).toMatchObject({ beneficiaryId: 'ben_7', purpose: 'family_support' });
  });
});
