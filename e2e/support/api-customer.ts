import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { FIRST_NAME } from '../page-models/onboarding-pages.ts';
import { GOOD_PASSWORD } from '../page-models/registration-page.ts';
import { readCode, uniqueEmail } from './outbox.ts';

export interface ApiCustomer {
  firstName: string;
  /** Warsame unless given: the sandbox's records decide by surname (README "Sandbox documented values") */
  surname?: string;
  /** the US state's USPS code, for a customer resident in the US */
  usaState?: string;
  country: string;
}

const ADDRESSES: Record<string, { street: string; city: string; postcode: string; province: string | null }> = {
  GB: { street: '12 Station Road', city: 'Leeds', postcode: 'LS1 4DY', province: null },
  SE: { street: 'Drottninggatan 5', city: 'Stockholm', postcode: '111 51', province: null },
  FR: { street: '8 Rue de Rivoli', city: 'Paris', postcode: '75004', province: null },
  US: { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: 'TX' },
};

/**
 * A customer registered and taken through onboarding by the API (the screens
 * of both have e2e tests of their own), then signed in on `page`, which must
 * already be on the app's origin. Returns their session token, and their e-mail
 * (the password is `GOOD_PASSWORD`) to sign in again elsewhere.
 */
export async function signInNewCustomer(
  page: Page,
  request: APIRequestContext,
  customer: ApiCustomer,
): Promise<{ token: string; email: string }> {
  const email = uniqueEmail('shell');
  const sent = await request.post('/api/oauth/email/send', {
    data: { email, password: GOOD_PASSWORD, country: customer.country, accept_terms: true, accept_privacy: true },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const registrationToken = (await sent.json()).data.registration_token as string;
  const { code } = await readCode(request, email);
  const token = await finishRegistration(request, registrationToken, 'email', code);

  const remitter = (path: string, data: unknown) =>
    request.post(`/api/main/remit/remitter/${path}`, { data, headers: { 'x-auth-token': token } });
  expect(
    (await remitter('create', { first_name: customer.firstName, surname: customer.surname ?? 'Warsame' })).status(),
  ).toBe(201);
  const answers: unknown[] = [
    { nationality: 'SO', date_of_birth: '1990-03-27', occupation: 'Nurse' },
    { address: ADDRESSES[customer.country] ?? ADDRESSES.GB },
    { reason_of_usage: 'family_support', purpose_of_account: 'family_and_friends' },
  ];
  if (customer.usaState) answers.push({ usa_state: customer.usaState, ssn: '123-45-6789' });
  for (const answer of answers) {
    const saved = await remitter('update', answer);
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await page.evaluate((value) => localStorage.setItem('access-token', value), token);
  return { token, email };
}

/**
 * A new customer, registered and onboarded by the API, signed in and greeted
 * on /home: for the specs whose subject comes after sign-up (registration and
 * onboarding through their screens are the subject of auth, onboarding and
 * the one walk of send-money). `country` is the ISO code of their residence.
 */
export async function customerAtHome(
  page: Page,
  request: APIRequestContext,
  country = 'GB',
): Promise<{ email: string; password: string; firstName: string }> {
  // any document of the origin holds its storage; this one loads no app
  await page.goto('/healthz');
  const { email } = await signInNewCustomer(page, request, { firstName: FIRST_NAME, country });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${FIRST_NAME}`);
  return { email, password: GOOD_PASSWORD, firstName: FIRST_NAME };
}

/**
 * A registration's code checked, the registration committed and the hand-over exchanged for a session
 * (SPEC §7 OAuth: check → commit → jwt2auth); the session token.
 */
export async function finishRegistration(
  request: APIRequestContext,
  registrationToken: string,
  channel: 'email' | 'otp',
  code: string,
): Promise<string> {
  const headers = { authorization: `Bearer ${registrationToken}` };
  const checked = await request.post(`/api/oauth/${channel}/check`, { data: { code }, headers });
  expect(checked.status(), await checked.text()).toBe(200);
  const committed = await request.post('/api/oauth/commit', { headers });
  expect(committed.status(), await committed.text()).toBe(201);
  const signedIn = await request.post('/api/oauth/jwt2auth', { data: { jwt: (await committed.json()).data.jwt } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return (await signedIn.json()).data.token as string;
}
