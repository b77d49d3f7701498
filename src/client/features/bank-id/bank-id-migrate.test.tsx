import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import BankIdMigrateDialog from './bank-id-migrate.tsx';
import { bankIdMigrateOpenAtom } from './bank-id-migrate-open.ts';
import { forgetPendingBankId, pendingBankId } from './bank-id-pending.ts';

const PROVIDER_PAGE = '/sandbox/bank-id/ord_1/';
const migration = {
  bank_id_token: 'bid_0123456789abcdef0123',
  redirect_url: PROVIDER_PAGE,
  url: PROVIDER_PAGE,
  _links: { 'bankid/check': { href: '/api/oauth/bankid/check', method: 'POST' } },
};

describe('bank-ID migrate modal', () => {
  beforeEach(async () => {
    await activateLocale('en-GB');
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    appStore.set(bankIdMigrateOpenAtom, true);
    sessionStorage.clear();
    forgetPendingBankId();
  });
  afterEach(() => vi.unstubAllGlobals());

  function show() {
    const leaveFor = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <Provider store={appStore}>
          <BankIdMigrateDialog leaveFor={leaveFor} />
        </Provider>
      </I18nProvider>,
    );
    const field = screen.getByLabelText('Personal identity number') as HTMLInputElement;
    const type = (value: string) => fireEvent.change(field, { target: { value } });
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue with bank ID' }));
    return { leaveFor, field, type, submit };
  }

  it('asks for the personal number, starts the migration and goes to the bank-ID page', async () => {
    const api = fakeApi({ 'POST /api/main/api/bank-id/migrate': reply(201, { data: migration }) });
    const { leaveFor, field, type, submit } = show();
    expect(screen.getByRole('dialog', { name: 'Sign in with bank ID' })).toBeTruthy();
    expect(field.placeholder).toBe('YYYYMMDDNNNN');
    type('12345');
    submit();
    expect(
      await screen.findByText('The personal identity number has 10 to 12 digits', { selector: '[id$="-error"]' }),
    ).toBeTruthy();
    expect(api.sent).toHaveLength(0);

    type(' 199001011239 ');
    submit();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(PROVIDER_PAGE));
    expect(api.to('POST /api/main/api/bank-id/migrate')[0]?.body).toEqual({ personalIdentityNumber: '199001011239' });
    expect(api.to('POST /api/main/api/bank-id/migrate')[0]?.headers.get('x-auth-token')).toBe(SESSION_TOKEN);
    expect(pendingBankId()).toMatchObject({ token: migration.bank_id_token, purpose: 'migrate' });
  });

  it("shows the server's refusal and stays", async () => {
    fakeApi({
      'POST /api/main/api/bank-id/migrate': failure(
        409,
        'AccountAlreadyExists',
        'Your account already signs in with bank ID.',
      ),
    });
    const { leaveFor, type, submit } = show();
    type('199001011239');
    submit();
    expect(await screen.findByText('Your account already signs in with bank ID.')).toBeTruthy();
    expect(leaveFor).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(appStore.get(bankIdMigrateOpenAtom)).toBe(false);
  });
});
