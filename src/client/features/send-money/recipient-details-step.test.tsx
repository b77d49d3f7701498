import { fireEvent, screen, waitFor } from '@testing-library/react';
import { set } from 'idb-keyval';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Beneficiary, BeneficiarySchemaResponse } from '../../../domain/contract/beneficiaries.ts';
import type { Transfer } from '../../../domain/contract/transfers.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { QUOTE, QUOTED_DRAFT } from './draft-fixtures.ts';
import { clearSendMoneyDraft, loadSendMoneyDraft, SEND_MONEY_DRAFT_KEY } from './send-money-draft.ts';

const CASH_SCHEMA: BeneficiarySchemaResponse = {
  data: {
    destination_country: 'SO',
    payout_type: 'cash',
    destination_currency: 'USD',
    fields: [
      {
        name: 'first_name',
        type: 'first_name',
        label_key: 'beneficiary.field.first_name',
        required: true,
        constraints: { min_length: 1, max_length: 256, format: 'name' },
      },
      {
        name: 'last_name',
        type: 'last_name',
        label_key: 'beneficiary.field.last_name',
        required: true,
        constraints: { min_length: 1, max_length: 256, format: 'name' },
      },
      {
        name: 'collection_point_code',
        type: 'collection_point_code',
        label_key: 'beneficiary.field.collection_point_code',
        required: true,
        constraints: { min_length: 1, max_length: 256, format: 'choice' },
        data_source: 'collection-points',
      },
      {
        name: 'purpose_of_transaction',
        type: 'purpose_of_transaction',
        label_key: 'beneficiary.field.purpose_of_transaction',
        required: true,
        constraints: { min_length: 1, max_length: 256, format: 'choice' },
        options: ['family_support', 'gift'],
      },
    ],
  },
  meta: {
    _links: { save: { href: '/api/v1/beneficiaries', method: 'POST' } },
    _constraints: { review_required: true, provider_number_prefixes: {} },
    _data_sources: { 'collection-points': { href: '/api/v1/data-sources/collection-points?country=SO' } },
  },
};

const RECIPIENT: Beneficiary = {
  id: 'ben_1',
  country_iso2: 'SO',
  payout_type: 'cash',
  currency_iso3: 'USD',
  first_name: 'Hodan',
  middle_name: null,
  last_name: 'Warsame',
  display_name: 'Hodan Warsame',
  payout_label: 'Hargeisa Main Agent',
  values: { first_name: 'Hodan', last_name: 'Warsame', collection_point_code: 'HRG01', purpose_of_transaction: 'gift' },
  notify_by_sms: false,
  created_at: '2026-11-22T09:00:00Z',
  updated_at: '2026-11-22T09:00:00Z',
};

const CREATED = {
  trans_ref: 'SR0000000A',
  status: 'AWAITING',
  status_label: 'waiting_for_payment',
  close_reason: null,
  send_country: 'GB',
  destination_country: 'SO',
  source_currency: 'GBP',
  dest_currency: 'USD',
  send_amount: '100.00',
  fees: '2.50',
  total: '102.50',
  receive_amount: '123.12',
  rate: '1.23125',
  trans_type: 'cash',
  purpose: 'gift',
  payment_type: null,
  beneficiary: { id: 'ben_1', name: 'Hodan Warsame' },
  created_at: '2026-11-22T09:00:00Z',
  funded_at: null,
  paid_at: null,
  quote_expiration_time: '2026-11-22T09:10:00Z',
  promo_code: null,
  refund_to: null,
  events: [
    {
      status: 'AWAITING',
      event: 'created',
      actor: 'customer',
      reason: null,
      refund_to: null,
      at: '2026-11-22T09:00:00Z',
    },
  ],
  paid_with: null,
  cancellable_until: null,
  payout_details_changeable: false,
  bank_transfer: null,
  payout_label: 'Bakaara Market Agent, Mogadishu',
  payout_details: { collection_point_code: 'HRG01' },
  delivery_promise: { hours: 24, promised_by: null, fee_refunded_at: null },
} satisfies Transfer;

/** The recipient, their corridor's form and its collection points; creating the transfer answers `create`. */
const refusedCreate = (create: ReturnType<typeof failure>) =>
  fakeApi({
    'GET /api/main/api/v1/beneficiaries/ben_1': reply(200, { data: RECIPIENT }),
    'GET /api/main/api/v1/schemas/beneficiary': reply(200, CASH_SCHEMA),
    'GET /api/main/api/v1/data-sources/collection-points': reply(200, {
      data: [{ code: 'HRG01', name: 'Hargeisa Main Agent', city: 'Hargeisa' }],
    }),
    'POST /api/main/remit/transaction/create': create,
  });

const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

describe('recipient review, cash collection', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
    await set(SEND_MONEY_DRAFT_KEY, {
      ...QUOTED_DRAFT,
      destination: { country: 'SO', payoutType: 'cash' },
      quote: {
        ...QUOTED_DRAFT.quote,
        quote: { ...QUOTE, destination_country_iso2: 'SO', payout_type: 'cash', destination_currency: 'USD' },
      },
      senderConfirmed: true,
      beneficiaryId: 'ben_1',
      purpose: 'gift',
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the customer to confirm the name, and a retry after a lost answer reuses the Idempotency-Key', async () => {
    const api = fakeApi({
      'GET /api/main/api/v1/beneficiaries/ben_1': reply(200, { data: RECIPIENT }),
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, CASH_SCHEMA),
      'GET /api/main/api/v1/data-sources/collection-points': reply(200, {
        data: [{ code: 'HRG01', name: 'Hargeisa Main Agent', city: 'Hargeisa' }],
      }),
      'POST /api/main/remit/transaction/create': [networkDown, reply(201, { data: CREATED })],
    });
    // a fresh store reads the draft above from IndexedDB, as a reload does
    const store = createStore();
    store.set(accessTokenAtom, SESSION_TOKEN);
    const { router } = await renderApp('/send-money/recipient-details', { store });
    await screen.findByRole('heading', { level: 2, name: 'Hodan Warsame' });
    expect(screen.getByText('Hargeisa Main Agent, Hargeisa')).toBeTruthy();
    expect(screen.getByLabelText('Purpose of transaction')).toHaveProperty('value', 'gift');

    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(
      await screen.findByRole('link', { name: "Confirm that you have checked the recipient's name" }),
    ).toBeTruthy();
    expect(api.to('POST /api/main/remit/transaction/create')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: /recipient's name matches their ID exactly/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('We could not reach Sarraf. Check your connection and try again.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/send-money/pay/SR0000000A'));
    const creates = api.to('POST /api/main/remit/transaction/create');
    expect(creates.map((r) => r.body)).toEqual([
      { quote_id: 'q_1', beneficiary_id: 'ben_1', purpose_of_transaction: 'gift' },
      { quote_id: 'q_1', beneficiary_id: 'ben_1', purpose_of_transaction: 'gift' },
    ]);
    const [first, second] = creates.map((r) => r.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect((await loadSendMoneyDraft(store)).transfer).toMatchObject({ idempotencyKey: first, transRef: 'SR0000000A' });
  });

  it('says a rate already used for a transfer must be priced again, and offers a new rate', async () => {
    refusedCreate(
      failure(409, 'QuoteAlreadyUsed', 'This quote has already been used for a transfer; get a new quote', 'quote_id'),
    );
    await renderApp('/send-money/recipient-details');
    await screen.findByRole('heading', { level: 2, name: 'Hodan Warsame' });
    fireEvent.click(screen.getByRole('checkbox', { name: /recipient's name matches their ID exactly/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This rate has already been used for a transfer.');
    expect(screen.getByRole('link', { name: 'Get a new rate' }).getAttribute('href')).toBe('/send-money/quote');
  });
  it("says which check a refused transfer waits for, in the customer's words, and leads to the profile", async () => {
    refusedCreate(
      failure(
        422,
        'VerificationRequired',
        'To send more than £1,000.00 this year we need a photo of your passport, national ID card or driving licence.',
        'identity_document',
      ),
    );
    await renderApp('/send-money/recipient-details');
    await screen.findByRole('heading', { level: 2, name: 'Hodan Warsame' });
    fireEvent.click(screen.getByRole('checkbox', { name: /recipient's name matches their ID exactly/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('the law asks for a photo of your passport, ID card or driving licence');
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/profile#documents');
  });
});
