import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { resetAppStore, SESSION_TOKEN, signedIn, sourceCountry } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { pendingRegistrationAtom } from './registration-atoms.ts';

const COUNTRIES = [
  sourceCountry('SE', 'Sweden', 'SEK'),
  sourceCountry('GB', 'United Kingdom', 'GBP'),
  sourceCountry('CA', 'Canada', 'CAD'),
];
const REGISTRATION_TOKEN = 'reg_0123456789abcdef0123';
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const aMomentAgo = () => new Date(Date.now() - 1_000).toISOString();
/** The OAuth answers' links to the code calls of a channel (the client opens the screen they name). */
const codeLinks = (channel: 'email' | 'otp') => ({
  [`${channel}/check`]: { href: `/api/oauth/${channel}/check`, method: 'POST' },
  [`${channel}/reset`]: { href: `/api/oauth/${channel}/reset`, method: 'POST' },
  flush: { href: '/api/oauth/flush', method: 'POST' },
});
const codeSent = (resendAt: string, channel: 'email' | 'otp' = 'email') =>
  reply(201, {
    data: {
      registration_token: REGISTRATION_TOKEN,
      resend_available_at: resendAt,
      code_expires_at: inAMinute(),
      _links: codeLinks(channel),
    },
  });

/** The code was right: the registration is verified, committed, and its hand-over taken for a session. */
const finishing = (channel: 'email' | 'otp') => ({
  verified: reply(200, {
    data: {
      verified_at: aMomentAgo(),
      _links: {
        ...(channel === 'otp' ? { 'otp/email': { href: '/api/oauth/otp/email', method: 'POST' } } : {}),
        commit: { href: '/api/oauth/commit', method: 'POST' },
        flush: { href: '/api/oauth/flush', method: 'POST' },
      },
    },
  }),
  'POST /api/oauth/commit': reply(201, {
    data: {
      jwt: 'header.payload.signature',
      expires_at: inAMinute(),
      _links: { jwt2auth: { href: '/api/oauth/jwt2auth', method: 'POST' } },
    },
  }),
  'POST /api/oauth/jwt2auth': reply(200, {
    data: signedIn({ redirect_to_full: 'registration-name', isFullyRegistered: false }),
  }),
});

const locatorRoutes = {
  'GET /api/locator/countries': reply(200, { data: COUNTRIES }),
  'GET /api/main/user/detect-country': reply(200, { data: { country_code: 'GB', region_code: null } }),
  'GET /api/locator/countries/GB': reply(200, { data: COUNTRIES[1] }),
};

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

/** From country-of-residence to the filled registration form. */
async function openRegistration() {
  const app = await renderApp('/country-of-residence', { store: appStore });
  const uk = await screen.findByRole('radio', { name: 'United Kingdom' });
  expect(uk).toHaveProperty('checked', true);
  // Listed by their names in the interface language.
  expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
    'Canada',
    'Sweden',
    'United Kingdom',
  ]);
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  await screen.findByLabelText('E-mail address', { selector: 'input' });
  return app;
}

function fillValidForm() {
  type('E-mail address', ' amina@example.com ');
  type('Password', 'salaam1');
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the privacy policy' }));
}

describe('registration with e-mail', () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form before sending, then sends the registration and asks for the code', async () => {
    const api = fakeApi({ ...locatorRoutes, 'POST /api/oauth/email/send': codeSent(inAMinute()) });
    const { router } = await openRegistration();
    expect(screen.getByRole('link', { name: /Read the terms and conditions/ }).getAttribute('href')).toBe(
      '/legal/gb/terms-and-conditions',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('heading', { name: 'There is a problem' });
    expect(document.activeElement).toBe(summary.parentElement);
    expect(
      within(summary.parentElement as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Enter your e-mail address',
      'Enter your password',
      'Accept the terms and conditions to continue',
      'Accept the privacy policy to continue',
    ]);
    expect(field('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(api.to('POST /api/oauth/email/send')).toHaveLength(0);

    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field('Password').getAttribute('aria-describedby')).toContain('error');
    expect(screen.getAllByText('A number and letter, and at least 6 characters.').length).toBeGreaterThan(1);

    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });
    expect(router.state.location.pathname).toBe('/email-verification');
    expect(api.to('POST /api/oauth/email/send')[0]?.body).toEqual({
      email: 'amina@example.com',
      password: 'salaam1',
      country: 'GB',
      accept_terms: true,
      accept_privacy: true,
      locale: 'en-GB',
    });
    expect(screen.getByText('amina@example.com').tagName).toBe('STRONG');
    const code = field('Verification code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');
    // Nothing of the registration reaches lasting storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain(REGISTRATION_TOKEN);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(REGISTRATION_TOKEN);
  });

  it('says an existing account should sign in instead', async () => {
    fakeApi({
      ...locatorRoutes,
      'POST /api/oauth/email/send': failure(
        409,
        'CustomerAlreadyExists',
        'An account with this e-mail already exists. Sign in instead.',
        'email',
      ),
    });
    await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('An account with this e-mail already exists.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Sign in instead' }).getAttribute('href')).toBe('/sign-in');
    expect(field('E-mail address').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when the network has made too many attempts, on the form and on the code screen', async () => {
    const network = 'Too many attempts from your network. Try again later.';
    fakeApi({
      ...locatorRoutes,
      'POST /api/oauth/email/send': [failure(429, 'EmailDDOS', network), codeSent(aMomentAgo())],
      'POST /api/oauth/email/reset': failure(
        429,
        'EmailSendDDOS',
        'Too many codes were sent to this e-mail today. Try again tomorrow.',
        'email',
      ),
      'POST /api/oauth/email/check': [
        failure(429, 'EmailCheckDDOS', network),
        failure(429, 'EmailCheckLimit', 'Too many codes were tried for this registration. Start again.'),
      ],
    });
    await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(network);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Too many codes were sent to this e-mail today. Try again tomorrow.')).toBeTruthy();

    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(network)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Too many codes were tried for this registration. Start again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/registration');
  });

  it('handles a wrong code, too many wrong codes and a code asked for too soon, then signs in and starts onboarding', async () => {
    const { verified, ...finish } = finishing('email');
    const api = fakeApi({
      ...locatorRoutes,
      ...finish,
      'POST /api/oauth/email/send': codeSent(aMomentAgo()),
      'POST /api/oauth/email/check': [
        failure(422, 'CodeMismatch', 'The verification code is incorrect', 'code'),
        failure(429, 'AttemptLimit', 'Too many wrong codes. Ask for a new code.', 'code'),
        verified,
      ],
      'POST /api/oauth/email/reset': [
        failure(
          429,
          'EmailSendExist',
          'A code was sent less than a minute ago. You can ask for a new one in 3 seconds.',
        ),
        // the registration's last code: the answer links to the check alone
        reply(200, {
          data: {
            resend_available_at: inAMinute(),
            code_expires_at: inAMinute(),
            _links: { 'email/check': codeLinks('email')['email/check'] },
          },
        }),
      ],
    });
    const { router } = await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });

    type('Verification code', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getAllByText('Enter the 6-digit code we sent you').length).toBeGreaterThan(0);
    expect(api.to('POST /api/oauth/email/check')).toHaveLength(0);

    type('Verification code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('The verification code is incorrect')).length).toBeGreaterThan(0);
    expect(field('Verification code').getAttribute('aria-invalid')).toBe('true');
    const check = api.to('POST /api/oauth/email/check')[0];
    expect(check?.headers.get('authorization')).toBe(`Bearer ${REGISTRATION_TOKEN}`);
    expect(check?.body).toEqual({ code: '000000' });

    type('Verification code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('Too many wrong codes. Ask for a new code.')).length).toBeGreaterThan(0);

    // The device clock says a new code may be asked for; the server disagrees.
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(
      await screen.findByText('We sent you a code less than a minute ago. Wait a moment, then ask for a new one.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(
      await screen.findByText('We sent a new code to amina@example.com. The earlier code no longer works.'),
    ).toBeTruthy();
    // the client follows the links: no new code is offered once the answer links to none
    expect(screen.queryByRole('button', { name: /Resend code/ })).toBeNull();
    expect(api.to('POST /api/oauth/email/reset')[1]?.headers.get('authorization')).toBe(`Bearer ${REGISTRATION_TOKEN}`);

    type('Verification code', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // A new customer goes on to the first onboarding step the server names, not home.
    await screen.findByRole('heading', { level: 1, name: 'Your name' });
    expect(router.state.location.pathname).toBe('/registration-name');
    expect(api.to('POST /api/oauth/email/check')[2]?.body).toEqual({ code: '123456' });
    // the verified registration is committed by its token, and the hand-over exchanged for the session
    expect(api.to('POST /api/oauth/commit')[0]?.headers.get('authorization')).toBe(`Bearer ${REGISTRATION_TOKEN}`);
    expect(api.to('POST /api/oauth/jwt2auth')[0]?.body).toEqual({ jwt: 'header.payload.signature' });
    expect(localStorage.getItem('access-token')).toBe(SESSION_TOKEN);
    expect(localStorage.getItem('base-url')).toBe('/api/main');
  });

  it('says access is denied when the OAuth API refuses the token (403 AccessDenied), forgets it and starts again', async () => {
    const api = fakeApi({
      ...locatorRoutes,
      'POST /api/oauth/email/send': codeSent(inAMinute()),
      'POST /api/oauth/email/check': failure(403, 'AccessDenied', 'This token cannot make this call.'),
    });
    await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });
    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    const modal = await screen.findByRole('alertdialog', { name: 'Access denied' });
    expect(
      within(modal).getByText('This sign-in or registration can no longer go on. Start again from the beginning.'),
    ).toBeTruthy();
    // the token is forgotten: the code screen gives way to the registration form, and nothing else is said
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(appStore.get(pendingRegistrationAtom)).toBeNull();
    expect(screen.queryByRole('alertdialog', { name: 'Error' })).toBeNull();
    expect(api.to('POST /api/oauth/email/check')[0]?.headers.get('authorization')).toBe(`Bearer ${REGISTRATION_TOKEN}`);
    expect(within(modal).getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('asks to start again once the registration has expired', async () => {
    fakeApi({
      ...locatorRoutes,
      'POST /api/oauth/email/send': codeSent(inAMinute()),
      'POST /api/oauth/email/check': failure(401, 'Unauthorized', 'This registration has ended; start again'),
    });
    await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });
    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your registration has expired. Start again to get a new code.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/registration');
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);
    expect(localStorage.getItem('unauthorized')).toBeNull();
  });

  it('ends the registration when the customer goes back to change the e-mail, keeping what they typed', async () => {
    const api = fakeApi({
      ...locatorRoutes,
      'POST /api/oauth/email/send': codeSent(inAMinute()),
      'POST /api/oauth/flush': () => new Response(null, { status: 204 }),
    });
    await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });
    fireEvent.click(screen.getByRole('link', { name: 'Change e-mail address' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    // the form follows the country's registration details, asked for again after the screen's first paint
    expect(await screen.findByLabelText('E-mail address', { selector: 'input' })).toHaveProperty(
      'value',
      'amina@example.com',
    );
    await vi.waitFor(() => expect(api.to('POST /api/oauth/flush')).toHaveLength(1));
    expect(api.to('POST /api/oauth/flush')[0]?.headers.get('authorization')).toBe(`Bearer ${REGISTRATION_TOKEN}`);
  });
});

describe('registration with a mobile number', () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  it('checks the number, sends it, and takes the texted code on /phone-verification', async () => {
    const { verified, ...finish } = finishing('otp');
    const api = fakeApi({
      ...locatorRoutes,
      ...finish,
      'POST /api/oauth/otp/send': [
        failure(400, 'InvalidPhone', 'The mobile number is not a valid mobile number', 'mobile'),
        codeSent(inAMinute(), 'otp'),
      ],
      'POST /api/oauth/otp/check': [
        failure(422, 'CodeMismatch', 'The verification code is incorrect. 4 tries left.', 'code'),
        verified,
      ],
    });
    const { router } = await openRegistration();
    fireEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    type('Mobile number', '+46 70 123 45 67');
    type('Password', 'salaam1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the privacy policy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'There is a problem' });
    expect(field('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getAllByText('Enter a mobile number with the country code of your country of residence').length,
    ).toBeGreaterThan(0);
    expect(api.to('POST /api/oauth/otp/send')).toHaveLength(0);

    // the server's own refusal lands on the field too
    type('Mobile number', '07911 123456');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Enter a valid mobile number')).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone' });
    expect(router.state.location.pathname).toBe('/phone-verification');
    expect(api.to('POST /api/oauth/otp/send')[1]?.body).toMatchObject({ mobile: '07911 123456', country: 'GB' });
    expect(screen.getByText('07911 123456')).toBeTruthy();

    type('Verification code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('The verification code is incorrect. 4 tries left.')).length).toBeGreaterThan(0);
    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // on to the first onboarding step, as after the e-mail code
    await screen.findByRole('heading', { level: 1, name: 'Your name' });
    expect(router.state.location.pathname).toBe('/registration-name');
  });
});

describe('registration with bank ID', () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  it('the lead speaks of the bank ID app once bank ID is chosen, not of a code by e-mail', async () => {
    const sweden = { ...sourceCountry('SE', 'Sweden', 'SEK'), bank_id_registration: true, bank_id_login: true };
    fakeApi({ ...locatorRoutes, 'GET /api/locator/countries/SE': reply(200, { data: sweden }) });
    await renderApp('/country-of-residence', { store: appStore });
    fireEvent.click(await screen.findByRole('radio', { name: 'Sweden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(/We will send you a code to confirm it/);
    fireEvent.click(await screen.findByRole('button', { name: 'Register with bank ID' }));
    await screen.findByText('Register with your bank ID: you confirm who you are in your bank ID app.');
    expect(screen.queryByText(/We will send you a code/)).toBeNull();
  });
});
