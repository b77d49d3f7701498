import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { resetAppStore, sourceCountry } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const GB = sourceCountry('GB', 'United Kingdom', 'GBP');
const GUEST_TOKEN = 'guest_0123456789abcdef0123';
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const post = (href: string) => ({ href, method: 'POST' });

const captchaRequired = failure(
  403,
  'CaptchaRequired',
  'Confirm that you are not a robot, then send your details again.',
  'captcha',
);
/** The guest session's answer: both captchas, and the ways to register in the country. */
const guestStarted = reply(201, {
  data: {
    guest_token: GUEST_TOKEN,
    expires_at: inAMinute(),
    _links: {
      'gcaptcha/v3': post('/api/oauth/gcaptcha/v3'),
      'gcaptcha/v2': post('/api/oauth/gcaptcha/v2'),
      'email/send': post('/api/oauth/email/send'),
      'otp/send': post('/api/oauth/otp/send'),
    },
  },
});
/** Once the captcha passed, the ways to register: the client sends the registration where these say. */
const WAYS = {
  'email/send': post('/api/oauth/guest-way/email/send'),
  'otp/send': post('/api/oauth/guest-way/otp/send'),
};
const codeSent = (channel: 'email' | 'otp') =>
  reply(201, {
    data: {
      registration_token: 'reg_0123456789abcdef0123',
      resend_available_at: inAMinute(),
      code_expires_at: inAMinute(),
      _links: {
        [`${channel}/check`]: post(`/api/oauth/${channel}/check`),
        [`${channel}/reset`]: post(`/api/oauth/${channel}/reset`),
        flush: post('/api/oauth/flush'),
      },
    },
  });

const routes = {
  'GET /api/locator/countries': reply(200, { data: [GB] }),
  'GET /api/main/user/detect-country': reply(200, { data: { country_code: 'GB', region_code: null } }),
  'GET /api/locator/countries/GB': reply(200, { data: GB }),
  'POST /api/oauth/guest': guestStarted,
};

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const robotCheck = () => screen.queryByRole('checkbox', { name: "I'm not a robot" });
const CONFIRM = "Confirm that you're not a robot, then continue.";

async function openRegistration() {
  await renderApp('/country-of-residence', { store: appStore });
  await screen.findByRole('radio', { name: 'United Kingdom' });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  await screen.findByLabelText('E-mail address', { selector: 'input' });
}

function consent() {
  type('Password', 'salaam1');
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the privacy policy' }));
}

describe('the captcha of registration', () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  it('passes the invisible check and sends the registration again with the guest bearer, asking nothing', async () => {
    const api = fakeApi({
      ...routes,
      'POST /api/oauth/email/send': captchaRequired,
      'POST /sandbox/captcha/score': reply(200, { data: { token: 'sandbox-v3-human' } }),
      'POST /api/oauth/gcaptcha/v3': reply(200, { data: { passed: true, score: 0.9, _links: WAYS } }),
      'POST /api/oauth/guest-way/email/send': codeSent('email'),
    });
    await openRegistration();
    type('E-mail address', 'amina@example.com');
    consent();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });

    const [refused] = api.to('POST /api/oauth/email/send');
    expect(refused?.headers.get('authorization')).toBeNull();
    expect(api.to('POST /api/oauth/guest')[0]?.body).toEqual({ country: 'GB' });
    const scored = api.to('POST /api/oauth/gcaptcha/v3')[0];
    expect(scored?.headers.get('authorization')).toBe(`Bearer ${GUEST_TOKEN}`);
    expect(scored?.body).toEqual({ token: 'sandbox-v3-human' });
    // sent again where the passed answer links, with the guest's bearer and the same details
    const again = api.to('POST /api/oauth/guest-way/email/send');
    expect(again).toHaveLength(1);
    expect(again[0]?.headers.get('authorization')).toBe(`Bearer ${GUEST_TOKEN}`);
    expect(again[0]?.body).toEqual(refused?.body);
    expect(api.to('POST /sandbox/captcha/solve')).toHaveLength(0);
    expect(api.to('POST /api/oauth/gcaptcha/v2')).toHaveLength(0);
  });

  it("starts a new guest when the passed one's check has run out (401 AppCheckExpiredToken), asking nothing", async () => {
    const api = fakeApi({
      ...routes,
      'POST /api/oauth/email/send': captchaRequired,
      'POST /sandbox/captcha/score': reply(200, { data: { token: 'sandbox-v3-human' } }),
      'POST /api/oauth/gcaptcha/v3': reply(200, { data: { passed: true, score: 0.9, _links: WAYS } }),
      'POST /api/oauth/guest-way/email/send': [
        failure(409, 'CustomerAlreadyExists', 'An account with this e-mail already exists. Sign in instead.', 'email'),
        failure(401, 'AppCheckExpiredToken', "Your robot check has run out. Confirm again that you're not a robot."),
        codeSent('email'),
      ],
    });
    await openRegistration();
    type('E-mail address', 'amina@example.com');
    consent();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(api.to('POST /api/oauth/guest-way/email/send')).toHaveLength(1));
    // another e-mail, sent with the guest kept from the first: its time has run out, so a new guest is started
    type('E-mail address', 'amina.w@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });
    expect(api.to('POST /api/oauth/guest')).toHaveLength(2);
    expect(api.to('POST /api/oauth/gcaptcha/v3')).toHaveLength(2);
    expect(api.to('POST /api/oauth/guest-way/email/send')).toHaveLength(3);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks a low score to tick "I\'m not a robot", then checks it and sends the registration again', async () => {
    const api = fakeApi({
      ...routes,
      'POST /api/oauth/otp/send': captchaRequired,
      'POST /sandbox/captcha/score': reply(200, { data: { token: 'sandbox-v3-bot' } }),
      'POST /api/oauth/gcaptcha/v3': reply(200, {
        data: { passed: false, score: 0.1, _links: { 'gcaptcha/v2': post('/api/oauth/gcaptcha/v2') } },
      }),
      'POST /sandbox/captcha/solve': reply(200, { data: { token: 'sandbox-captcha-pass' } }),
      'POST /api/oauth/gcaptcha/v2': [
        failure(403, 'CaptchaInvalid', 'The captcha did not pass. Try it again.', 'token'),
        reply(200, { data: { passed: true, _links: WAYS } }),
      ],
      'POST /api/oauth/guest-way/otp/send': codeSent('otp'),
    });
    await openRegistration();
    fireEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    type('Mobile number', '07911 123456');
    consent();
    expect(robotCheck()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONFIRM);
    expect(robotCheck()).toHaveProperty('checked', false);

    // not ticked yet: nothing is sent
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONFIRM);
    expect(api.to('POST /api/oauth/gcaptcha/v2')).toHaveLength(0);

    fireEvent.click(robotCheck() as HTMLElement);
    await vi.waitFor(() => expect(robotCheck()).toHaveProperty('checked', true));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The robot check did not pass. Tick the box again, then continue.')).toBeTruthy();
    expect(robotCheck()).toHaveProperty('checked', false);

    fireEvent.click(robotCheck() as HTMLElement);
    await vi.waitFor(() => expect(robotCheck()).toHaveProperty('checked', true));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone' });

    const checks = api.to('POST /api/oauth/gcaptcha/v2');
    expect(checks.map((check) => check.body)).toEqual([
      { token: 'sandbox-captcha-pass' },
      { token: 'sandbox-captcha-pass' },
    ]);
    expect(checks[1]?.headers.get('authorization')).toBe(`Bearer ${GUEST_TOKEN}`);
    // one guest session, one invisible check, and the registration sent once more with the bearer
    expect(api.to('POST /api/oauth/guest')).toHaveLength(1);
    expect(api.to('POST /api/oauth/gcaptcha/v3')).toHaveLength(1);
    expect(api.to('POST /api/oauth/otp/send')).toHaveLength(1);
    const again = api.to('POST /api/oauth/guest-way/otp/send');
    expect(again).toHaveLength(1);
    expect(again[0]?.headers.get('authorization')).toBe(`Bearer ${GUEST_TOKEN}`);
    expect(again[0]?.body).toMatchObject({ mobile: '07911 123456', country: 'GB' });
  });
});
