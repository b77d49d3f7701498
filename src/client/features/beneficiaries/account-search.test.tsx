import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BeneficiarySchemaResponse, toBeneficiarySchema } from '../../../domain/contract/beneficiaries.ts';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { field } from '../../testing/kenya-schema.ts';
import { BeneficiaryForm, type SubmitRecipient } from './beneficiary-form.tsx';
import type { LoadedSchema } from './load-beneficiary-schema.ts';

const SEARCH = 'POST /api/main/api/v1/beneficiaries/search-account';
const HOLDER = { first_name: 'Ayaan', middle_name: 'Mohamed', last_name: 'Farah' };

/** Somalia's mobile wallets as the server serves them: e-Dahab (EDH) wallets are searched, their names not typed. */
const SOMALIA_MOBILE: BeneficiarySchemaResponse = {
  data: {
    destination_country: 'SO',
    payout_type: 'mobile',
    destination_currency: 'USD',
    fields: [
      field('first_name', 'first_name', 'name'),
      field('middle_name', 'middle_name', 'name'),
      field('last_name', 'last_name', 'name'),
      field('mobile_network_code', 'mobile_network_code', 'choice', { data_source: 'mobile-networks' }),
      field('mobile_wallet_number', 'mobile_wallet_number', 'email_or_digits', { depends_on: 'mobile_network_code' }),
    ],
  },
  meta: {
    _links: { save: { href: '/api/v1/beneficiaries', method: 'POST' } },
    _constraints: {
      review_required: false,
      provider_number_prefixes: { EDH: ['+25262', '+25265', '+25266'] },
      account_search: {
        account_field: 'mobile_wallet_number',
        when: { field: 'mobile_network_code', values: ['EDH'] },
      },
    },
    _data_sources: { 'mobile-networks': { href: '/api/v1/data-sources/mobile-networks?country=SO' } },
  },
};

const FORM: LoadedSchema = {
  response: SOMALIA_MOBILE,
  schema: toBeneficiarySchema(SOMALIA_MOBILE),
  sources: {
    'mobile-networks': [
      { code: 'EDH', name: 'Somtel e-Dahab' },
      { code: 'HRM', name: 'Hormuud EVC Plus' },
    ],
  },
};

type Submit = SubmitRecipient;

async function renderForm(onSubmit = vi.fn<Submit>(async () => undefined)) {
  await activateLocale('en-GB');
  render(
    <I18nProvider i18n={i18n}>
      <BeneficiaryForm loaded={FORM} submitLabel="Continue" submittingLabel="Saving" onSubmit={onSubmit} />
    </I18nProvider>,
  );
  return onSubmit;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
const searchAnswer = (result: string, holder: typeof HOLDER | null = null) =>
  reply(200, { data: { result, field: 'mobile_wallet_number', holder } });

describe('the forced account search (SPEC §5)', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('locks the names of an e-Dahab wallet, searches the number once typing pauses, and fills them from the answer', async () => {
    const api = fakeApi({ [SEARCH]: searchAnswer('found', HOLDER) });
    const onSubmit = await renderForm();
    type('First name', 'Hodan');
    expect(input('First name').readOnly).toBe(false);

    type('Mobile network', 'EDH');
    // the names are not the customer's to type: shown empty until the search answers, and Continue waits
    for (const label of ['First name', 'Middle name', 'Last name']) {
      expect(input(label).readOnly).toBe(true);
      expect(input(label).value).toBe('');
    }
    expect(screen.getAllByText('Filled in from the account search')).toHaveLength(3);
    expect(continueButton().disabled).toBe(true);

    // typed a character at a time: one search, for the whole number
    for (const typed of ['065', '06512', '0651234', '0651234567']) type('Wallet number', typed);
    expect(
      await screen.findByText('Account found. The names are the account holder’s.', {}, { timeout: 2000 }),
    ).toBeTruthy();
    expect(api.to(SEARCH)).toHaveLength(1);
    expect(api.to(SEARCH)[0]?.body).toEqual({
      destination_country: 'SO',
      payout_type: 'mobile',
      destination_currency: 'USD',
      values: { mobile_network_code: 'EDH', mobile_wallet_number: '0651234567' },
    });
    expect([input('First name').value, input('Middle name').value, input('Last name').value]).toEqual([
      'Ayaan',
      'Mohamed',
      'Farah',
    ]);
    expect(continueButton().disabled).toBe(false);
    // SPEC §9 confirm-mobile: the wallet number typed a second time
    type('Wallet number, typed again to confirm', '0651234567');
    fireEvent.click(continueButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ ...HOLDER, mobile_network_code: 'EDH' });
    expect(onSubmit.mock.calls[0]?.[2]).toBe('0651234567');

    // another network: the names are typed again, and nothing is searched
    type('Mobile network', 'HRM');
    expect(input('First name').readOnly).toBe(false);
    expect(input('First name').value).toBe('Hodan');
  });

  it.each([
    ['account_restricted', 'This account cannot receive money. Try another account.'],
    ['currency_mismatch', 'This account is not held in USD. Use an account in USD.'],
    ['account_not_found', 'We could not find this account. Check the number.'],
    ['unavailable', 'We could not search for this account just now. Try again in a few minutes.'],
  ])('says why a wallet cannot be used (%s), on its field, and keeps Continue off', async (result, message) => {
    fakeApi({ [SEARCH]: searchAnswer(result) });
    const onSubmit = await renderForm();
    type('Mobile network', 'EDH');
    type('Wallet number', '0651230004');
    expect(await screen.findByText(message, {}, { timeout: 2000 })).toBeTruthy();
    expect(input('Wallet number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('You can continue once the account is found.').getAttribute('role')).toBe('status');
    expect(input('First name').value).toBe('');
    expect(continueButton().disabled).toBe(true);
    fireEvent.submit(continueButton().closest('form') as HTMLFormElement);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not search a number its network refuses', async () => {
    const api = fakeApi({ [SEARCH]: searchAnswer('found', HOLDER) });
    await renderForm();
    type('Mobile network', 'EDH');
    type('Wallet number', '0611234567');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(api.to(SEARCH)).toHaveLength(0);
    expect(continueButton().disabled).toBe(true);
  });
});
