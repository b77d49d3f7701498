import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KENYA_BANK, KENYA_MOBILE, SOMALIA_CASH } from '../../../../tests/support/fx-rate-options.ts';
import { CACHED_AT_HEADER } from '../../../domain/sw-messages.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { chooseDestination } from '../../testing/destination-picker.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { field, KENYA_MOBILE_SCHEMA, KENYA_NETWORKS } from '../../testing/kenya-schema.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { savedRecipient } from '../../testing/saved-recipient.ts';

const VALUES = {
  first_name: 'Amina',
  last_name: 'Otieno',
  mobile: '+254712345678',
  mobile_network_code: 'MPESA',
  relationship: 'parent',
  purpose_of_transaction: 'gift',
};
const AMINA = savedRecipient('ben_1', VALUES);
const LIST = 'GET /api/main/api/v1/beneficiaries';

describe('/recipients', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says so when there are no recipients', async () => {
    fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData() }),
      [LIST]: reply(200, { data: { data: [] } }),
    });
    await renderApp('/recipients', { store: appStore });
    await screen.findByText("You don't have recipients");
    expect(screen.getByRole('link', { name: 'Send money' }).getAttribute('href')).toBe('/send-money/quote');
  });

  it('lists the recipients, edits one with its corridor’s form, and deletes one after confirming', async () => {
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData() }),
      [LIST]: [
        reply(200, { data: { data: [AMINA] } }),
        reply(200, { data: { data: [{ ...AMINA, display_name: 'Aminah Otieno' }] } }),
        reply(200, { data: { data: [] } }),
      ],
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
      'PUT /api/main/api/v1/beneficiaries/ben_1': reply(200, { data: AMINA }),
      'DELETE /api/main/api/v1/beneficiaries/ben_1': () => new Response(null, { status: 204 }),
    });
    await renderApp('/recipients', { store: appStore });

    const list = await screen.findByRole('list', { name: 'Your recipients' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list.textContent).toContain('Amina Otieno');
    expect(within(list).getByText('Kenya · Mobile money · Safaricom M-PESA ••• 678')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Edit Amina Otieno' }));
    await screen.findByRole('heading', { level: 1, name: 'Edit Amina Otieno' });
    const first = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(first.value).toBe('Amina');
    fireEvent.change(first, { target: { value: 'Aminah' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.to('PUT /api/main/api/v1/beneficiaries/ben_1')).toHaveLength(1));
    expect(api.to('PUT /api/main/api/v1/beneficiaries/ben_1')[0]?.body).toEqual({
      values: { ...VALUES, first_name: 'Aminah' },
      notify_by_sms: false,
    });
    await screen.findByRole('button', { name: 'Edit Aminah Otieno' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Aminah Otieno' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Aminah Otieno?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete recipient' }));
    await screen.findByText("You don't have recipients");
    expect(api.to('DELETE /api/main/api/v1/beneficiaries/ben_1')).toHaveLength(1);
    // a toast says so, in the live region
    expect(screen.getAllByRole('status').some((region) => region.textContent?.includes('Aminah Otieno deleted'))).toBe(
      true,
    );
  });

  it('keeps an edit typed but not saved for the next time the recipient is edited (a reload), until saved', async () => {
    fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData() }),
      [LIST]: reply(200, { data: { data: [AMINA] } }),
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
    });
    const first = await renderApp('/recipients', { store: appStore });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Amina Otieno' }));
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Aminah' } });
    // the page goes away before Save: a reload
    await waitFor(async () =>
      expect(await get('recipient-form-draft:edit:ben_1')).toMatchObject({ first_name: 'Aminah' }),
    );
    first.unmount();

    await renderApp('/recipients', { store: appStore });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Amina Otieno' }));
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Aminah');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Otieno');
  });

  it('shows the account lookup’s refusal of an edit on its field, and asks the customer about a close name', async () => {
    const refused = (type: string, path: string) =>
      reply(422, { errors: [{ type: `urn:sarraf:error:${type}`, message: 'refused', property_path: path }] });
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData() }),
      [LIST]: reply(200, { data: { data: [AMINA] } }),
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
      'PUT /api/main/api/v1/beneficiaries/ben_1': [
        refused('AccountRestricted', 'values.mobile'),
        refused('AccountCheckNotConfirmed', 'account_check_confirmed'),
        reply(200, { data: AMINA }),
      ],
      'POST /api/main/api/v1/beneficiaries/check-account': reply(200, {
        data: {
          result: 'close_match',
          field: 'mobile',
          registered_name: { first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame' },
        },
      }),
    });
    await renderApp('/recipients', { store: appStore });
    const list = await screen.findByRole('list', { name: 'Your recipients' });
    fireEvent.click(within(list).getByRole('button', { name: 'Edit Amina Otieno' }));
    const mobile = (await screen.findByLabelText('Mobile number')) as HTMLInputElement;

    fireEvent.change(mobile, { target: { value: '0712 340 004' } });
    // a changed number is typed twice (SPEC §9 confirm-mobile)
    fireEvent.change(screen.getByLabelText('Mobile number, typed again to confirm'), {
      target: { value: '0712 340 004' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('This account cannot receive money. Try another account.');

    fireEvent.change(mobile, { target: { value: '0712 340 001' } });
    fireEvent.change(screen.getByLabelText('Mobile number, typed again to confirm'), {
      target: { value: '0712 340 001' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Check the recipient’s name' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the account’s name' }));
    await waitFor(() => expect(api.to('PUT /api/main/api/v1/beneficiaries/ben_1')).toHaveLength(3));
    expect(api.to('PUT /api/main/api/v1/beneficiaries/ben_1')[2]?.body).toEqual({
      values: { ...VALUES, first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame', mobile: '+254712340001' },
      notify_by_sms: false,
      mobile_confirmation: '0712 340 001',
      account_check_confirmed: true,
    });
  });

  it('adds a recipient outside a transfer with the send flow’s form, and lists them with their Send button', async () => {
    const saved = { ...AMINA, id: 'ben_2' };
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData() }),
      [LIST]: [reply(200, { data: { data: [] } }), reply(200, { data: { data: [saved] } })],
      'GET /api/main/api/v2/fx-rates': reply(200, { data: [SOMALIA_CASH, KENYA_BANK, KENYA_MOBILE] }),
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, KENYA_MOBILE_SCHEMA),
      'GET /api/main/api/v1/data-sources/mobile-networks': reply(200, { data: KENYA_NETWORKS }),
      'POST /api/main/api/v1/beneficiaries/check-account': reply(200, {
        data: { result: 'match', field: 'mobile', registered_name: null },
      }),
      'POST /api/main/api/v1/beneficiaries': reply(201, { data: saved }),
    });
    const app = await renderApp('/recipients', { store: appStore });
    await screen.findByText("You don't have recipients");
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));

    await screen.findByRole('heading', { level: 1, name: 'Add recipient' });
    await chooseDestination('Their country', 'Ken', 'Kenya');
    // Kenya's default way to receive is chosen, and its form opens
    expect((screen.getByRole('radio', { name: 'Mobile money' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Amina' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Otieno' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0712 345 678' } });
    fireEvent.change(screen.getByLabelText('Mobile number, typed again to confirm'), {
      target: { value: '0712 345 678' },
    });
    fireEvent.change(screen.getByLabelText('Mobile network'), { target: { value: 'MPESA' } });
    fireEvent.change(screen.getByLabelText('Relationship to you'), { target: { value: 'parent' } });
    fireEvent.change(screen.getByLabelText('Purpose of transaction'), { target: { value: 'gift' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save recipient' }));

    const list = await screen.findByRole('list', { name: 'Your recipients' });
    expect(app.router.state.location.pathname).toBe('/recipients');
    expect(within(list).getByRole('button', { name: 'Send to Amina Otieno' })).toBeTruthy();
    expect(api.to('POST /api/main/api/v1/beneficiaries')[0]?.body).toMatchObject({
      destination_country: 'KE',
      payout_type: 'mobile',
      destination_currency: 'KES',
      values: { ...VALUES, mobile: '+254712345678' },
      mobile_confirmation: '0712 345 678',
    });
    // saved: nothing typed is kept for the next new recipient of this corridor
    expect(await get('recipient-form-draft:KE-mobile-KES')).toBeUndefined();
  });

  it('adds a recipient in a Somaliland city: Somalia’s form, with the city chosen in the picker, saved with it', async () => {
    const cities = ['HGA', 'BBO', 'BUO', 'BOR', 'ERG', 'LAN', 'GBL', 'ZLA', 'SHK', 'ODW', 'BHD', 'BKI', 'LGH'];
    const somaliaCash = {
      data: {
        destination_country: 'SO',
        payout_type: 'cash' as const,
        destination_currency: 'USD',
        fields: [
          field('first_name', 'first_name', 'name'),
          field('last_name', 'last_name', 'name'),
          field('city', 'city', 'text', { required: false, options: cities }),
        ],
      },
      meta: { ...KENYA_MOBILE_SCHEMA.meta, _data_sources: {} },
    };
    const saved = savedRecipient('ben_3', { first_name: 'Hodan', last_name: 'Farah', city: 'BBO' });
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData() }),
      [LIST]: [reply(200, { data: { data: [] } }), reply(200, { data: { data: [saved] } })],
      'GET /api/main/api/v2/fx-rates': reply(200, { data: [SOMALIA_CASH, KENYA_BANK, KENYA_MOBILE] }),
      'GET /api/main/api/v1/schemas/beneficiary': reply(200, somaliaCash),
      'POST /api/main/api/v1/beneficiaries/check-account': reply(200, {
        data: { result: 'not_applicable', field: null, registered_name: null },
      }),
      'POST /api/main/api/v1/beneficiaries': reply(201, { data: saved }),
    });
    await renderApp('/recipients', { store: appStore });
    fireEvent.click(await screen.findByRole('button', { name: 'Add recipient' }));

    // "ke" is no prefix of SOMALILAND: no city is offered
    const picker = await screen.findByRole('combobox', { name: 'Their country' });
    fireEvent.change(picker, { target: { value: 'ke' } });
    expect(screen.queryByRole('option', { name: /Somaliland/ })).toBeNull();
    await chooseDestination('Their country', 'somal', 'Berbera (BBO), Somaliland');
    await waitFor(() =>
      expect(api.to('GET /api/main/api/v1/schemas/beneficiary')[0]?.query.get('destination_country')).toBe('SO'),
    );
    const city = (await screen.findByLabelText('City (optional)')) as HTMLSelectElement;
    expect(city.value).toBe('BBO');
    expect(city.selectedOptions[0]?.textContent).toBe('Berbera (BBO)');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Hodan' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Farah' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save recipient' }));

    await screen.findByRole('list', { name: 'Your recipients' });
    expect(api.to('POST /api/main/api/v1/beneficiaries')[0]?.body).toEqual({
      destination_country: 'SO',
      payout_type: 'cash',
      destination_currency: 'USD',
      values: { first_name: 'Hodan', last_name: 'Farah', city: 'BBO' },
      notify_by_sms: false,
    });
  });

  it('offline, keeps Add recipient off and says why, with the last-known list or none', async () => {
    const stale = () =>
      new Response(JSON.stringify({ data: { data: [AMINA] } }), {
        status: 200,
        headers: { 'content-type': 'application/json', [CACHED_AT_HEADER]: new Date().toISOString() },
      });
    fakeApi({ 'POST /api/main/user/get': reply(200, { data: userData() }), [LIST]: stale });
    const first = await renderApp('/recipients', { store: appStore });
    await screen.findByRole('list', { name: 'Your recipients' });
    const reason = screen.getByText(/^Changes, payments and uploads need a connection/);
    const add = screen.getByRole('button', { name: 'Add recipient' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBe(reason.id);
    first.unmount();

    // a device that never loaded the list
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    fakeApi({ 'POST /api/main/user/get': reply(200, { data: userData() }) });
    await renderApp('/recipients', { store: appStore });
    const main = screen.getByRole('main');
    await within(main).findByText(/has not been loaded on this device yet/);
    expect((within(main).getByRole('button', { name: 'Add recipient' }) as HTMLButtonElement).disabled).toBe(true);
    within(main).getByText(/^Changes, payments and uploads need a connection/);
  });
});
