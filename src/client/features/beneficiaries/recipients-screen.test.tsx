import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { KENYA_MOBILE_SCHEMA, KENYA_NETWORKS } from '../../testing/kenya-schema.ts';
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
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('This account cannot receive money. Try another account.');

    fireEvent.change(mobile, { target: { value: '0712 340 001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Check the recipient’s name' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the account’s name' }));
    await waitFor(() => expect(api.to('PUT /api/main/api/v1/beneficiaries/ben_1')).toHaveLength(3));
    expect(api.to('PUT /api/main/api/v1/beneficiaries/ben_1')[2]?.body).toEqual({
      values: { ...VALUES, first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame', mobile: '+254712340001' },
      notify_by_sms: false,
      account_check_confirmed: true,
    });
  });
});
