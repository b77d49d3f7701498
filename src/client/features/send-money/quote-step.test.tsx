import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KENYA_BANK, KENYA_MOBILE, SOMALIA_CASH } from '../../../../tests/support/fx-rate-options.ts';
import type { Quote, SaveQuoteRequest } from '../../../domain/contract/quotes.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { chooseDestination } from '../../testing/destination-picker.ts';
import { failure, fakeApi, reply, type SentRequest } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { QUOTE } from './draft-fixtures.ts';
import { clearSendMoneyDraft, SEND_MONEY_DRAFT_KEY } from './send-money-draft.ts';

/** What the server answers for a save-quote request on the GB → KE mobile corridor at 159.9325 (QUOTE's). */
function quoteFor(request: SentRequest, timer = { minutes: 10, seconds: 0 }): Quote {
  const body = request.body as SaveQuoteRequest;
  const source = body.amount_type === 'SOURCE';
  return {
    ...QUOTE,
    quote_id: `q_${body.amount}`,
    timer,
    send_amount: source ? body.amount : '31.27',
    total: source ? '101.99' : '33.26',
    receive_amount: source ? '15993.25' : body.amount,
    amount_type: body.amount_type,
  };
}

const ROUTES = {
  'POST /api/main/user/get': reply(200, { data: userData({ name: 'Amina Otieno' }) }),
  'GET /api/main/api/v2/fx-rates': reply(200, { data: [SOMALIA_CASH, KENYA_BANK, KENYA_MOBILE] }),
};

async function openQuote(saveQuote: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ ...ROUTES, 'POST /api/main/remit/remittance/save-quote': saveQuote });
  await renderApp('/send-money/quote', { store: appStore });
  await screen.findByLabelText('Send to');
  return api;
}

describe('quote step', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('offers the destinations from fx-rates with the default payout type chosen', async () => {
    await openQuote((request) => reply(201, { data: quoteFor(request) })(request));
    const country = screen.getByRole('combobox', { name: 'Send to' });
    const listed = () =>
      within(screen.getByRole('listbox', { hidden: true }))
        .queryAllByRole('option', { hidden: true })
        .map((o) => o.textContent);
    fireEvent.click(country);
    expect(country.getAttribute('aria-expanded')).toBe('true');
    expect(listed()).toEqual(['Kenya', 'Somalia']);
    // announced as the list changes
    expect(screen.getByText('2 destinations found').getAttribute('role')).toBe('status');
    fireEvent.change(country, { target: { value: 'SOMALI' } });
    // SPEC §3: a prefix of SOMALILAND, in any case, adds its 13 cities, paid out as Somalia
    const cities = [
      ...['Hargeisa (HGA)', 'Berbera (BBO)', 'Burao (BUO)', 'Borama (BOR)', 'Erigavo (ERG)', 'Las Anod (LAN)'],
      ...['Gabiley (GBL)', 'Zeila (ZLA)', 'Sheikh (SHK)', 'Oodweyne (ODW)', 'Buhoodle (BHD)', 'Baki (BKI)'],
      'Lughaya (LGH)',
    ].map((city) => `${city}, Somaliland`);
    expect(listed()).toEqual(['Somalia', ...cities]);
    fireEvent.change(country, { target: { value: 'somaliland' } });
    expect(listed()).toEqual(cities);
    fireEvent.change(country, { target: { value: 'Somalia' } });
    expect(listed()).toEqual(['Somalia']);
    fireEvent.change(country, { target: { value: 'Hargeisa' } });
    expect(listed()).toEqual([]);
    expect(screen.getByText('No country matches').getAttribute('role')).toBe('status');
    expect(country.getAttribute('aria-expanded')).toBe('false');

    // the keyboard: down moves through the list, Enter chooses; a city is Somalia with the city kept
    fireEvent.change(country, { target: { value: 'som' } });
    fireEvent.keyDown(country, { key: 'ArrowDown' });
    fireEvent.keyDown(country, { key: 'ArrowDown' });
    const active = country.getAttribute('aria-activedescendant') ?? '';
    expect(document.getElementById(active)?.textContent).toBe('Hargeisa (HGA), Somaliland');
    fireEvent.keyDown(country, { key: 'Enter' });
    expect(country.getAttribute('aria-expanded')).toBe('false');
    expect(country).toHaveProperty('value', 'Hargeisa (HGA), Somaliland');
    expect(screen.getByRole('radio', { name: 'Cash collection' })).toHaveProperty('checked', true);
    await waitFor(async () =>
      expect((await get(SEND_MONEY_DRAFT_KEY))?.destination).toEqual({
        country: 'SO',
        payoutType: 'cash',
        city: 'HGA',
      }),
    );

    // Escape closes the list and puts the choice back
    fireEvent.change(country, { target: { value: 'ke' } });
    fireEvent.keyDown(country, { key: 'Escape' });
    expect(country).toHaveProperty('value', 'Hargeisa (HGA), Somaliland');
    await chooseDestination('Send to', 'ke', 'Kenya');
    expect(screen.getByRole('radio', { name: 'Mobile money' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Bank deposit' })).toHaveProperty('checked', false);
    expect(screen.getByText('KES · Up to 3 days')).toBeTruthy();
    expect(screen.getByText('From £10.00 to £2,000.00')).toBeTruthy();
  });

  it('offers a promo code with the quote (SPEC §9: promo enabled)', async () => {
    await openQuote((request) => reply(201, { data: quoteFor(request) })(request));
    await chooseDestination('Send to', 'ke', 'Kenya');
    expect(screen.getByLabelText('Promo code (optional)')).toBeTruthy();
  });

  it('refuses an amount outside the limits without asking the server, then quotes what they send', async () => {
    const api = await openQuote((request) => reply(201, { data: quoteFor(request) })(request));
    await chooseDestination('Send to', 'ke', 'Kenya');
    fireEvent.change(screen.getByLabelText('You send'), { target: { value: '5' } });
    expect(await screen.findByText('The minimum you can send is £10.00')).toBeTruthy();
    expect(screen.getByLabelText('You send').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('You send'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByLabelText('They receive')).toHaveProperty('value', '15,993.25'));
    expect(api.to('POST /api/main/remit/remittance/save-quote').map((r) => r.body)).toEqual([
      {
        source_country_iso2: 'GB',
        destination_country_iso2: 'KE',
        payout_type: 'mobile',
        amount: '100.00',
        amount_type: 'SOURCE',
      },
    ]);
    const quote = screen.getByRole('region', { name: 'Your quote' });
    expect(within(quote).getByText('1 GBP = 159.9325 KES')).toBeTruthy();
    expect(within(quote).getByText('£101.99')).toBeTruthy();
    // the honest price: the mid-market rate beside ours, and the fee plus the margin as the total cost
    expect(within(quote).getByText('1 GBP = 161.875 KES')).toBeTruthy();
    expect(within(quote).getByText('£1.20')).toBeTruthy();
    expect(within(quote).getByText('£3.19')).toBeTruthy();
    expect(within(quote).getByText('They receive').parentElement?.textContent).toMatch(/Arrives by \w{3}/);
    expect(within(quote).getByRole('timer').textContent).toMatch(/^(10:00|09:5\d)$/);
  });

  it('keeps the amount as typed when no quote answers (offline), and comes back to it after a reload', async () => {
    await openQuote(() => {
      throw new TypeError('Failed to fetch');
    });
    await chooseDestination('Send to', 'ke', 'Kenya');
    fireEvent.change(screen.getByLabelText('You send'), { target: { value: '250' } });
    await waitFor(async () =>
      expect(await get(SEND_MONEY_DRAFT_KEY)).toMatchObject({
        destination: { country: 'KE', payoutType: 'mobile' },
        amount: { value: '250', type: 'SOURCE' },
      }),
    );
    expect(await get(SEND_MONEY_DRAFT_KEY)).not.toHaveProperty('quote');
    cleanup();

    // a reload: memory is gone, IndexedDB is not
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await openQuote((request) => reply(201, { data: quoteFor(request) })(request));
    expect((screen.getByLabelText('You send') as HTMLInputElement).value).toBe('250');
    expect((screen.getByLabelText('Send to') as HTMLInputElement).value).toBe('Kenya');
  });

  it('quotes what they receive when that is the amount typed', async () => {
    const api = await openQuote((request) => reply(201, { data: quoteFor(request) })(request));
    await chooseDestination('Send to', 'ke', 'Kenya');
    fireEvent.change(screen.getByLabelText('They receive'), { target: { value: '5,000' } });
    await waitFor(() => expect(screen.getByLabelText('You send')).toHaveProperty('value', '31.27'));
    expect(api.to('POST /api/main/remit/remittance/save-quote')[0]?.body).toMatchObject({
      amount: '5000.00',
      amount_type: 'DESTINATION',
    });
  });

  it('says the rates are being updated when the server will not price on stale ones, then quotes on retry', async () => {
    const stale = failure(503, 'RatesUnavailable', 'Rates are being updated. Please try again in a few minutes.');
    await openQuote([stale, (request) => reply(201, { data: quoteFor(request) })(request)]);
    await chooseDestination('Send to', 'ke', 'Kenya');
    fireEvent.change(screen.getByLabelText('You send'), { target: { value: '100' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Our rates are being updated. Try again in a few minutes.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says the rates are being updated when even the rate list cannot be had fresh', async () => {
    fakeApi({
      ...ROUTES,
      'GET /api/main/api/v2/fx-rates': failure(503, 'RatesUnavailable', 'Rates are being updated.'),
    });
    await renderApp('/send-money/quote', { store: appStore });
    expect(await screen.findByText('Our rates are being updated. Try again in a few minutes.')).toBeTruthy();
  });

  it("shows the server's refusal of an amount on the field", async () => {
    await openQuote(
      failure(422, 'AmountOutOfRange', 'The most Kenya can receive by mobile money is 150,000.00 KES', 'amount'),
    );
    await chooseDestination('Send to', 'ke', 'Kenya');
    fireEvent.change(screen.getByLabelText('You send'), { target: { value: '900' } });
    expect(await screen.findByText('The most Kenya can receive by mobile money is 150,000.00 KES')).toBeTruthy();
  });

  it('says the rate expired when its countdown ends, and gets a new one', async () => {
    let quotes = 0;
    const api = await openQuote((request) => {
      quotes += 1;
      return reply(201, {
        data: quoteFor(request, quotes === 1 ? { minutes: 0, seconds: 1 } : { minutes: 10, seconds: 0 }),
      })(request);
    });
    await chooseDestination('Send to', 'ke', 'Kenya');
    fireEvent.change(screen.getByLabelText('You send'), { target: { value: '100' } });
    const renew = await screen.findByRole('button', { name: 'Get new rate' }, { timeout: 4_000 });
    expect(screen.getByRole('alert').textContent).toContain('Rate expired');
    await act(async () => fireEvent.click(renew));
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^(10:00|09:5\d)$/));
    expect(api.to('POST /api/main/remit/remittance/save-quote')).toHaveLength(2);
  });
});

describe('quote step, a customer not verified yet', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = async (data: ReturnType<typeof userData>) => {
    const api = fakeApi({ ...ROUTES, 'POST /api/main/user/get': reply(200, { data }) });
    await renderApp('/send-money/quote', { store: appStore });
    await screen.findByLabelText('Send to');
    return api;
  };

  it('says first that a document is needed, with the way to it, before any amount is typed', async () => {
    await open({
      ...userData({ name: 'Amina Otieno', verification: { status: 'RequestId' } }),
      document_request: { type: 'identity', screen_type: 'capture' },
      verification_tasks: [{ item: 'identity', state: 'to_do', reason: null }],
    });
    expect(await screen.findByText(/Before you can send money, we need something from you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See what we need' }).getAttribute('href')).toBe('/home#documents');
  });

  it('says the checks are still running', async () => {
    await open({
      ...userData({ name: 'Amina Otieno', verification: { status: 'Verifying' } }),
      verification_tasks: [{ item: 'identity_checks', state: 'checking', reason: null }],
    });
    expect(await screen.findByText(/We are still checking your details/)).toBeTruthy();
  });

  it('says nothing to a verified customer', async () => {
    const api = await open(
      userData({ name: 'Amina Otieno', isRemittanceEnabled: true, verification: { status: 'Pass' } }),
    );
    // the step asked for the customer (once for the rates' country, once for what verification needs)
    await waitFor(() => expect(api.to('POST /api/main/user/get').length).toBeGreaterThanOrEqual(1));
    expect(screen.queryByText(/Before you can send money/)).toBeNull();
    expect(screen.queryByText(/We are still checking your details/)).toBeNull();
  });
});
