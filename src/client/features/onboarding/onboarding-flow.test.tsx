import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemitterDetails } from '../../../domain/contract/remitter.ts';
import type { OnboardingStep } from '../../../domain/onboarding-steps.ts';
import { NAME_MESSAGE } from '../../../domain/rules.ts';
import { onboardingHintAtom } from '../../lib/session/last-seen-customer.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { SESSION_TOKEN, user, userData } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply, type SentRequest } from '../../testing/fake-api.ts';
import { currentHref, renderApp } from '../../testing/render-app.tsx';

/** A customer signed in with onboarding left at `step`. */
function onboardingAt(step: OnboardingStep) {
  const store = createStore();
  store.set(accessTokenAtom, SESSION_TOKEN);
  store.set(userAtom, user({ redirect_to_full: step, isFullyRegistered: false }));
  return store;
}

/** The remitter call's answer: what is saved, and the step that asks for what is missing. */
const saved = (next_step: OnboardingStep | null, status = 200) =>
  reply(status, {
    data: {
      first_name: 'Amina',
      surname: 'Warsame',
      nationality: null,
      date_of_birth: null,
      address: null,
      occupation: null,
      reason_of_usage: null,
      purpose_of_account: null,
      usa_state: null,
      ssn_last4: null,
      next_step,
    } satisfies RemitterDetails,
  });

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('onboarding steps', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('name: blocks digits as typed, checks before sending, creates the remitter and opens the next step', async () => {
    const api = fakeApi({
      'POST /api/main/remit/remitter/create': [
        failure(422, 'InvalidInformation', NAME_MESSAGE, 'surname'),
        saved('registration-nationality', 201),
      ],
    });
    const store = onboardingAt('registration-name');
    const { router } = await renderApp('/registration-name', { store });
    await screen.findByRole('heading', { level: 1, name: 'Your name' });

    submit();
    expect(screen.getAllByText('Enter your name').length).toBeGreaterThan(0);
    expect(api.sent).toHaveLength(0);

    type('First name', 'Am1na 2');
    expect(input('First name').value).toBe('Amna ');
    type('First name', ' Amina ');
    type('Surname', 'Warsame');
    submit();
    // the server's error on its field, in the customer's words
    await waitFor(() => expect(input('Surname').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Use letters, spaces, hyphens and apostrophes only').length).toBeGreaterThan(0);

    submit();
    await screen.findByRole('heading', { level: 1, name: 'Your nationality' });
    expect(currentHref(router)).toBe('/registration-nationality');
    expect(api.to('POST /api/main/remit/remitter/create')[1]?.body).toEqual({
      first_name: 'Amina',
      surname: 'Warsame',
    });
    expect(store.get(userAtom)?.redirect_to_full).toBe('registration-nationality');
  });

  it('nationality: the world list in the customer language, sorted; sends the code', async () => {
    const api = fakeApi({ 'POST /api/main/remit/remitter/update': saved('registration-date-of-birthday') });
    await renderApp('/registration-nationality', { store: onboardingAt('registration-nationality'), locale: 'sv' });
    const select = (await screen.findByLabelText('Nationalitet')) as HTMLSelectElement;
    const names = [...select.options].slice(1).map((option) => option.text);
    expect(names).toEqual([...names].sort(new Intl.Collator('sv').compare));
    expect(names).toContain('Sverige');
    fireEvent.change(select, { target: { value: 'SO' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fortsätt' }));
    await screen.findByRole('heading', { level: 1, name: 'Ditt födelsedatum' });
    expect(api.to('POST /api/main/remit/remitter/update')[0]?.body).toEqual({ nationality: 'SO' });
  });

  it('nationality saved just after a reload, before the API described the customer: the next step opens, not this one again', async () => {
    // the page opened from this device's hint; its check of the customer left before the step was saved and answers after
    let staleAnswer: (response: Response) => void = () => undefined;
    const api = fakeApi({
      'POST /api/main/user/get': [
        () => new Promise<Response>((resolve) => (staleAnswer = resolve)),
        reply(200, { data: userData({ redirect_to_full: 'registration-date-of-birthday', isFullyRegistered: false }) }),
      ],
      'POST /api/main/remit/remitter/update': saved('registration-date-of-birthday'),
    });
    const store = createStore();
    store.set(accessTokenAtom, SESSION_TOKEN);
    store.set(onboardingHintAtom, 'registration-nationality');
    const { router } = await renderApp('/registration-nationality', { store });
    const select = (await screen.findByLabelText('Nationality')) as HTMLSelectElement;
    await waitFor(() => expect(api.to('POST /api/main/user/get')).toHaveLength(1));
    fireEvent.change(select, { target: { value: 'SO' } });
    submit();
    await waitFor(() => expect(api.to('POST /api/main/remit/remitter/update')).toHaveLength(1));
    const stale = userData({ redirect_to_full: 'registration-nationality', isFullyRegistered: false });
    staleAnswer(await reply(200, { data: stale })(api.sent[0] as SentRequest));
    await screen.findByRole('heading', { level: 1, name: 'Your date of birth' });
    expect(currentHref(router)).toBe('/registration-date-of-birthday');
    expect(store.get(userAtom)?.redirect_to_full).toBe('registration-date-of-birthday');
  });

  it('date of birth: DD/MM/YYYY typed, under 18 refused before sending, sent as YYYY-MM-DD', async () => {
    const api = fakeApi({ 'POST /api/main/remit/remitter/update': saved('address-search') });
    await renderApp('/registration-date-of-birthday', { store: onboardingAt('registration-date-of-birthday') });
    await screen.findByRole('heading', { level: 1, name: 'Your date of birth' });

    const year = new Date().getUTCFullYear() - 10;
    type('Date of birth', `0101${year}`);
    expect(input('Date of birth').value).toBe(`01/01/${year}`);
    submit();
    expect(screen.getAllByText('Registration is not allowed if age is under 18 years old.').length).toBeGreaterThan(0);
    expect(api.sent).toHaveLength(0);

    type('Date of birth', '27/03/1990');
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Your home address' });
    expect(api.to('POST /api/main/remit/remitter/update')[0]?.body).toEqual({ date_of_birth: '1990-03-27' });
  });

  it('date of birth in English (US): MM/DD/YYYY, 04/15/1985 taken as 15 April; 02/31/1990 refused as no such day', async () => {
    const api = fakeApi({ 'POST /api/main/remit/remitter/update': saved('address-search') });
    await renderApp('/registration-date-of-birthday', {
      store: onboardingAt('registration-date-of-birthday'),
      locale: 'en-US',
    });
    await screen.findByRole('heading', { level: 1, name: 'Your date of birth' });
    expect(screen.getByText('MM/DD/YYYY, for example 03/27/1990')).toBeTruthy();

    type('Date of birth', '02311990');
    expect(input('Date of birth').value).toBe('02/31/1990');
    submit();
    expect(screen.getAllByText('There is no such day. Check the day and the month.').length).toBeGreaterThan(0);
    type('Date of birth', '1985');
    submit();
    expect(screen.getAllByText('Enter the date as MM/DD/YYYY').length).toBeGreaterThan(0);
    expect(api.sent).toHaveLength(0);

    type('Date of birth', '04/15/1985');
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Your home address' });
    expect(api.to('POST /api/main/remit/remitter/update')[0]?.body).toEqual({ date_of_birth: '1985-04-15' });
  });

  it('date of birth in English (UK): 31/02/1990 is no such day, not a wrong format', async () => {
    const api = fakeApi({});
    await renderApp('/registration-date-of-birthday', { store: onboardingAt('registration-date-of-birthday') });
    await screen.findByRole('heading', { level: 1, name: 'Your date of birth' });
    type('Date of birth', '31/02/1990');
    submit();
    expect(screen.getAllByText('There is no such day. Check the day and the month.').length).toBeGreaterThan(0);
    expect(screen.queryByText('Enter the date as DD/MM/YYYY')).toBeNull();
    expect(api.sent).toHaveLength(0);
  });

  it('date of birth in Swedish: ÅÅÅÅ-MM-DD, year first', async () => {
    const api = fakeApi({ 'POST /api/main/remit/remitter/update': saved('address-search') });
    await renderApp('/registration-date-of-birthday', {
      store: onboardingAt('registration-date-of-birthday'),
      locale: 'sv',
    });
    await screen.findByRole('heading', { level: 1, name: 'Ditt födelsedatum' });
    const field = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '19850415' } });
    expect(field.value).toBe('1985-04-15');
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(api.to('POST /api/main/remit/remitter/update')[0]?.body).toEqual({ date_of_birth: '1985-04-15' }),
    );
  });

  it('address: a search, a suggestion picked, the form filled in from the address book and saved', async () => {
    const api = fakeApi({
      'POST /api/main/verification/address-plain-lookup': reply(200, {
        data: [{ id: 'gb-1', text: '10 Downing Street, London SW1A 2AA' }],
      }),
      'POST /api/main/verification/address-detail-lookup': reply(200, {
        data: { street: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', province: null },
      }),
      'GET /api/main/remit/options/get-provinces': reply(200, { data: [] }),
      'POST /api/main/remit/remitter/update': saved('occupation'),
    });
    const { router } = await renderApp('/address-search', { store: onboardingAt('address-search') });
    await screen.findByRole('heading', { level: 1, name: 'Your home address' });
    type('Postcode or street', 'SW1A 2AA');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: '10 Downing Street, London SW1A 2AA' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter your address' });
    expect(currentHref(router)).toBe('/address');
    expect(api.to('POST /api/main/verification/address-plain-lookup')[0]?.body).toEqual({ query: 'SW1A 2AA' });
    expect(api.to('POST /api/main/verification/address-detail-lookup')[0]?.body).toEqual({ id: 'gb-1' });
    expect(input('Street and house number').value).toBe('10 Downing Street');
    expect(screen.queryByLabelText('Province or state')).toBeNull();

    submit();
    await screen.findByRole('heading', { level: 1, name: 'Your occupation' });
    expect(api.to('POST /api/main/remit/remitter/update')[0]?.body).toEqual({
      address: { street: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', province: null },
    });
  });

  it('address by hand: checked by the rules, a province asked for where the country has them', async () => {
    const api = fakeApi({
      'GET /api/main/remit/options/get-provinces': reply(200, { data: [{ code: 'ON', name: 'Ontario' }] }),
      'POST /api/main/remit/remitter/update': [
        failure(422, 'InvalidInformation', 'Use letters, digits, spaces and hyphens only', 'address.postcode'),
        saved('occupation'),
      ],
    });
    await renderApp('/address-search', { store: onboardingAt('address-search') });
    fireEvent.click(await screen.findByRole('button', { name: 'Enter your address manually' }));
    await screen.findByLabelText('Province or state');
    type('Street and house number', '123');
    submit();
    expect(screen.getAllByText('The street must contain at least one letter').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Choose your province or state').length).toBeGreaterThan(0);
    expect(api.to('POST /api/main/remit/remitter/update')).toHaveLength(0);

    type('Street and house number', '290 Bremner Blvd');
    type('City', 'Toronto');
    type('Postcode', 'M5V 3L9');
    fireEvent.change(screen.getByLabelText('Province or state'), { target: { value: 'ON' } });
    submit();
    await waitFor(() => expect(input('Postcode').getAttribute('aria-invalid')).toBe('true'));
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Your occupation' });
    expect(api.to('POST /api/main/remit/remitter/update')[1]?.body).toEqual({
      address: { street: '290 Bremner Blvd', city: 'Toronto', postcode: 'M5V 3L9', province: 'ON' },
    });
  });

  it('occupation: chosen from the list, or "Other" in the customer\'s own words, which need a letter', async () => {
    const api = fakeApi({ 'POST /api/main/remit/remitter/update': saved('registration-reason-of-usage') });
    await renderApp('/occupation', { store: onboardingAt('occupation') });
    await screen.findByRole('heading', { level: 1, name: 'Your occupation' });
    const list = screen.getByLabelText('Occupation', { selector: 'select' }) as HTMLSelectElement;
    expect([...list.options].map((option) => option.textContent)).toContain('Healthcare worker');
    expect(list.options[list.options.length - 1]?.textContent).toBe('Other');
    submit();
    expect(screen.getAllByText('Choose your occupation').length).toBeGreaterThan(0);

    fireEvent.change(list, { target: { value: 'other' } });
    type('Your occupation, in your own words', '42');
    submit();
    expect(screen.getAllByText('The occupation must contain at least one letter').length).toBeGreaterThan(0);
    expect(api.sent).toHaveLength(0);

    type('Your occupation, in your own words', 'Imam');
    submit();
    await waitFor(() =>
      expect(api.to('POST /api/main/remit/remitter/update')[0]?.body).toEqual({ occupation: 'Imam' }),
    );
  });

  it('occupation from the list is saved by its English name, whatever the language', async () => {
    const api = fakeApi({ 'POST /api/main/remit/remitter/update': saved('registration-reason-of-usage') });
    await renderApp('/occupation', { store: onboardingAt('occupation'), locale: 'so' });
    await screen.findByRole('heading', { level: 1, name: 'Shaqadaada' });
    const list = screen.getByRole('combobox', { name: 'Shaqo' }) as HTMLSelectElement;
    fireEvent.change(list, { target: { value: 'Healthcare worker' } });
    fireEvent.submit(list.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(api.to('POST /api/main/remit/remitter/update')[0]?.body).toEqual({ occupation: 'Healthcare worker' }),
    );
  });

  it('reason of usage and purpose: the list loads again after a failure; the last step goes home', async () => {
    const api = fakeApi({
      'GET /api/main/remit/options/get-purpose-of-account': [
        failure(503, 'ServiceUnavailable', 'Try again later'),
        reply(200, {
          data: [
            { code: 'education', name: 'Paying for education abroad' },
            { code: 'family_and_friends', name: 'Sending money to family and friends' },
          ],
        }),
      ],
      'POST /api/main/remit/remitter/update': saved(null),
      'POST /api/main/user/get': reply(200, { data: userData({ firstName: 'Amina' }) }),
    });
    const store = onboardingAt('registration-reason-of-usage');
    const { router } = await renderApp('/registration-reason-of-usage', { store });
    await screen.findByText('We could not load this page.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('radio', { name: 'Paying for education abroad' });
    expect(screen.getAllByRole('radio', { name: /./ })).toHaveLength(9);

    submit();
    expect(screen.getAllByText('Choose a reason').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('radio', { name: 'Savings' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Sending money to family and friends' }));
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Hello, Amina' });
    expect(currentHref(router)).toBe('/home');
    expect(api.to('POST /api/main/remit/remitter/update')[0]?.body).toEqual({
      reason_of_usage: 'savings',
      purpose_of_account: 'family_and_friends',
    });
    expect(store.get(userAtom)?.redirect_to_full).toBeNull();
  });
});
