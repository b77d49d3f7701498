import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { get, set } from 'idb-keyval';
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

const MATCH = { result: 'match', field: 'mobile', registered_name: null };

describe('new recipient step', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
    await set(SEND_MONEY_DRAFT_KEY, { ...QUOTED_DRAFT, senderConfirmed: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the form as typed, so a reload comes back to it; saving the recipient forgets it', async () => {
    const api = fakeApi({
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
      'POST /api/main/api/v1/beneficiaries/check-account': reply(200, { data: MATCH }),
      'POST /api/main/api/v1/beneficiaries': reply(201, { data: SAVED }),
    });
    const signedIn = () => {
      const store = createStore();
      store.set(accessTokenAtom, SESSION_TOKEN);
      return store;
    };
    const first = await renderApp('/send-money/new-recipient-details', { store: signedIn() });
    await screen.findByLabelText('First name');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Amina' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0712 345 678' } });
    await waitFor(async () =>
      expect(await get('recipient-form-draft:KE-mobile-KES')).toEqual({ first_name: 'Amina', mobile: '0712 345 678' }),
    );
    first.unmount();

    // a reload: a new page, the same IndexedDB
    await renderApp('/send-money/new-recipient-details', { store: signedIn() });
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Amina');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('0712 345 678');

    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Otieno' } });
    fireEvent.change(screen.getByLabelText('Mobile number, typed again to confirm'), {
      target: { value: '0712 345 678' },
    });
    fireEvent.change(screen.getByLabelText('Mobile network'), { target: { value: 'MPESA' } });
    fireEvent.change(screen.getByLabelText('Relationship to you'), { target: { value: 'parent' } });
    fireEvent.change(screen.getByLabelText('Purpose of transaction'), { target: { value: 'gift' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.to('POST /api/main/api/v1/beneficiaries')).toHaveLength(1));
    await waitFor(async () => expect(await get('recipient-form-draft:KE-mobile-KES')).toBeUndefined());
  });

  it('offers to update a recipient already saved, then sends this transfer to them', async () => {
    const api = fakeApi({
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
      'POST /api/main/api/v1/beneficiaries/check-account': reply(200, { data: MATCH }),
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
    type('Mobile number, typed again to confirm', '0712 345 678');
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
      mobile_confirmation: '0712 345 678',
    });
    expect(await loadSendMoneyDraft(store)).toMatchObject({ beneficiaryId: 'ben_7', purpose: 'family_support' });
  });

  it('shows the account’s registered name when it only nearly matches, and saves the name the customer takes', async () => {
    const api = fakeApi({
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
      'POST /api/main/api/v1/beneficiaries/check-account': reply(200, {
        data: {
          result: 'close_match',
          field: 'mobile',
          registered_name: { first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame' },
        },
      }),
      'POST /api/main/api/v1/beneficiaries': reply(201, { data: SAVED }),
    });
    const store = createStore();
    store.set(accessTokenAtom, SESSION_TOKEN);
    const { router } = await renderApp('/send-money/new-recipient-details', { store });
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('First name');
    type('First name', 'Asha');
    type('Last name', 'Warsame');
    type('Mobile number', '0712 340 001');
    type('Mobile number, typed again to confirm', '0712 340 001');
    type('Mobile network', 'MPESA');
    type('Relationship to you', 'parent');
    type('Purpose of transaction', 'gift');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Check the recipient’s name' });
    expect(within(dialog).getByText('Asha Mohamed Warsame')).toBeTruthy();
    expect(api.to('POST /api/main/api/v1/beneficiaries')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the account’s name' }));
    await waitFor(() => expect(api.to('POST /api/main/api/v1/beneficiaries')).toHaveLength(1));
    expect(api.to('POST /api/main/api/v1/beneficiaries')[0]?.body).toMatchObject({
      values: { first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame', mobile: '+254712340001' },
      // the server saves after a close name only with the customer's choice
      account_check_confirmed: true,
    });
    // and the transfer goes on with the saved recipient
    await waitFor(() => expect(router.state.location.pathname).toBe('/send-money/recipient-details'));
  });

  it('takes the old name error away when the next check asks the customer to decide on a close name', async () => {
    fakeApi({
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
      'POST /api/main/api/v1/beneficiaries/check-account': [
        reply(200, { data: { result: 'no_match', field: 'mobile', registered_name: null } }),
        reply(200, {
          data: {
            result: 'close_match',
            field: 'mobile',
            registered_name: { first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame' },
          },
        }),
      ],
    });
    const store = createStore();
    store.set(accessTokenAtom, SESSION_TOKEN);
    await renderApp('/send-money/new-recipient-details', { store });
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('First name');
    type('First name', 'Asha');
    type('Last name', 'Warsan');
    type('Mobile number', '0712 340 001');
    type('Mobile number, typed again to confirm', '0712 340 001');
    type('Mobile network', 'MPESA');
    type('Relationship to you', 'parent');
    type('Purpose of transaction', 'gift');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const mismatch = 'This is not the name the account is held in. Check the name against their ID.';
    expect((await screen.findAllByText(mismatch)).length).toBeGreaterThan(0);

    // the last name corrected: the error shown on the first name is the last check's, not this one's
    type('Last name', 'Warsame');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('alertdialog', { name: 'Check the recipient’s name' });
    expect(screen.queryAllByText(mismatch)).toHaveLength(0);
  });
});
