import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankIdStarted } from '../../../src/domain/contract/oauth.ts';
import { SignedIn } from '../../../src/domain/contract/user.ts';
import {
  OIDC_BANK_ID_CALLBACK_PATH,
  plainHttpProviderUrls,
  providerSettingsFrom,
  sandboxSeams,
} from '../../../src/server/providers/provider-settings.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import {
  BROKER_ACR,
  BROKER_CLIENT,
  BROKER_PERSONAL_NUMBER_CLAIM,
  BROKER_SCOPE,
  type BrokerPerson,
  type LocalBankIdBroker,
  startLocalBankIdBroker,
} from '../../support/local-bank-id-broker.ts';
import { bearer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const URN = 'urn:sarraf:error:';
const REDIRECT_URI = `https://send.sarraf.test${OIDC_BANK_ID_CALLBACK_PATH}`;

let serial = 0;
/** A Swedish person no other test uses, as their bank holds them. */
function newPerson(): BrokerPerson {
  serial += 1;
  return {
    ssn: `19870312${String(1000 + serial + Math.floor(Math.random() * 8000)).slice(-4)}`,
    given_name: 'Ebba',
    family_name: 'Lindqvist',
    birthdate: '1987-03-12',
  };
}

let broker: LocalBankIdBroker;
beforeAll(async () => {
  broker = await startLocalBankIdBroker(REDIRECT_URI);
});
afterAll(() => broker.close());

describe.each(DATABASE_KINDS)('bank ID through an OpenID Connect broker, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const { bankId } = providerSettingsFrom({
      BANK_ID: 'oidc',
      BANK_ID_OIDC_ISSUER: broker.issuer,
      BANK_ID_OIDC_CLIENT_ID: BROKER_CLIENT.id,
      BANK_ID_OIDC_CLIENT_SECRET: BROKER_CLIENT.secret,
      BANK_ID_OIDC_REDIRECT_URI: REDIRECT_URI,
      BANK_ID_OIDC_SCOPE: BROKER_SCOPE,
      BANK_ID_OIDC_PERSONAL_NUMBER_CLAIM: BROKER_PERSONAL_NUMBER_CLAIM,
      BANK_ID_OIDC_ACR_VALUES_SE: BROKER_ACR.SE,
    });
    t = await createTestApp(kind);
    // the same app, its bank ID on the broker (the config is read once; the providers are wired from it)
    await t.close();
    t = await createTestApp(kind, { providers: { ...t.deps.config.providers, bankId } });
  });
  afterAll(() => t.close());

  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace(URN, '');
  const check = (token: string) => t.call('POST', '/api/oauth/bankid/check', { headers: bearer(token) });
  async function started(purpose: 'registration' | 'login', personalNumber: string): Promise<BankIdStarted> {
    const body =
      purpose === 'registration'
        ? { purpose, country: 'SE', personal_number: personalNumber, accept_terms: true, accept_privacy: true }
        : { purpose, country: 'SE', personal_number: personalNumber };
    const res = await t.call('POST', '/api/oauth/bankid/init', { body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    assert(res.body.data, BankIdStarted);
    return res.body.data;
  }
  /** The broker's redirect back to our callback, taken by the app; returns where the app sends the browser on. */
  async function callback(back: URL): Promise<{ status: number; next: URL | undefined; body: any }> {
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    const res = await t.app.request(`${back.pathname}${back.search}`);
    const location = res.headers.get('location');
    return {
      status: res.status,
      next: location ? new URL(location, 'https://send.sarraf.test') : undefined,
      body: location ? undefined : await res.json(),
    };
  }
  const stateOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('state') as string;
  const orderStatus = async (state: string) =>
    (
      await t.deps.db
        .selectFrom('oidc_bank_id_orders')
        .select('status')
        .where('state', '=', state)
        .executeTakeFirstOrThrow()
    ).status;

  it('registers through the broker with who the ID token names, then signs in the same way', async () => {
    const person = newPerson();
    const registration = await started('registration', person.ssn);
    const authorization = new URL(registration.redirect_url);
    expect(authorization.origin).toBe(broker.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: BROKER_CLIENT.id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: BROKER_SCOPE,
      code_challenge_method: 'S256',
      acr_values: BROKER_ACR.SE,
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
    // not identified before the broker sends the browser back
    expect(typeOf(await check(registration.bank_id_token))).toBe('CantProceedWithProvidedDetails');

    const back = await callback(await broker.identify(registration.redirect_url, person));
    expect(back.status).toBe(303);
    expect(back.next?.pathname).toBe('/nets-success');
    expect(back.next?.searchParams.get('order_ref')).toBeTruthy();
    const ekyc = await t.call('POST', '/api/oauth/bankid/ekyc', { headers: bearer(registration.bank_id_token) });
    expect(ekyc.body.data).toMatchObject({
      given_name: 'Ebba',
      surname: 'Lindqvist',
      date_of_birth: '1987-03-12',
      personal_number: `••••••••${person.ssn.slice(-4)}`,
    });
    const registered = await check(registration.bank_id_token);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    assert(registered.body.data, SignedIn);
    const customer = await t.deps.db
      .selectFrom('customers')
      .select(['personal_identity_number', 'first_name', 'last_name'])
      .where('id', '=', registered.body.data.user.id)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ personal_identity_number: person.ssn, first_name: 'Ebba', last_name: 'Lindqvist' });

    const signIn = await started('login', person.ssn);
    expect((await callback(await broker.identify(signIn.redirect_url, person))).next?.pathname).toBe('/nets-success');
    const signedIn = await check(signIn.bank_id_token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(registered.body.data.user.id);
  });

  it('sends a customer who cancels at the broker to /nets-fail, and signs no one in', async () => {
    const signIn = await started('registration', newPerson().ssn);
    const back = await callback(await broker.identify(signIn.redirect_url, 'cancel'));
    expect(back.next?.pathname).toBe('/nets-fail');
    expect(back.next?.searchParams.get('reason')).toBe('cancelled');
    const res = await check(signIn.bank_id_token);
    expect(res.body.errors[0]).toMatchObject({
      type: `${URN}CantProceedWithProvidedDetails`,
      message: 'You cancelled the identification with bank ID.',
    });
    // half an hour on (twice a bank-ID session's life), the next start forgets the order
    t.clock.advance(31 * 60_000);
    await started('registration', newPerson().ssn);
    const left = await t.deps.db
      .selectFrom('oidc_bank_id_orders')
      .select('order_ref')
      .where('state', '=', stateOf(signIn.redirect_url))
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses a callback whose state names no waiting order, and one replayed, changing nothing', async () => {
    const person = newPerson();
    const registration = await started('registration', person.ssn);
    const back = await broker.identify(registration.redirect_url, person);
    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-we-never-gave');
    const refused = await callback(forged);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [
        {
          type: `${URN}ValidationFailed`,
          message: 'This bank-ID identification is unknown or has already ended',
          property_path: 'state',
        },
      ],
    });
    expect(await orderStatus(stateOf(registration.redirect_url))).toBe('pending');

    expect((await callback(back)).next?.pathname).toBe('/nets-success');
    // the same callback again: its order has ended
    expect((await callback(back)).status).toBe(400);
    expect(await orderStatus(stateOf(registration.redirect_url))).toBe('complete');

    // the used code brought with another order's state: the broker refuses it, and that order fails
    const other = await started('registration', newPerson().ssn);
    const replayed = new URL(back);
    replayed.searchParams.set('state', stateOf(other.redirect_url));
    const answer = await callback(replayed);
    expect(answer.next?.pathname).toBe('/nets-fail');
    expect(answer.next?.searchParams.get('reason')).toBe('failed');
    expect(typeOf(await check(other.bank_id_token))).toBe('CantProceedWithProvidedDetails');
  });

  it('refuses an ID token that has expired and one whose signature does not match its content', async () => {
    const person = newPerson();
    const late = await started('registration', person.ssn);
    const lateBack = await broker.identify(late.redirect_url, person);
    // the browser comes back two hours later than the broker issued the token (valid for one)
    const skew = Date.now() - t.clock.now().getTime();
    t.clock.advance(skew + 2 * 3600_000);
    try {
      const answer = await callback(lateBack);
      expect(answer.next?.pathname).toBe('/nets-fail');
      expect(answer.next?.searchParams.get('reason')).toBe('failed');
      expect(await orderStatus(stateOf(late.redirect_url))).toBe('failed');
    } finally {
      t.clock.advance(-(skew + 2 * 3600_000));
    }

    const forged = await started('registration', person.ssn);
    broker.forgeIdTokens(true);
    try {
      const answer = await callback(await broker.identify(forged.redirect_url, person));
      expect(answer.next?.pathname).toBe('/nets-fail');
      expect(await orderStatus(stateOf(forged.redirect_url))).toBe('failed');
    } finally {
      broker.forgeIdTokens(false);
    }
    expect(typeOf(await check(forged.bank_id_token))).toBe('CantProceedWithProvidedDetails');
  });

  it('refuses a Swedish order ended by another country’s bank ID', async () => {
    const person = newPerson();
    const order = await started('registration', person.ssn);
    const answer = await callback(await broker.identify(order.redirect_url, person, BROKER_ACR.NO));
    expect(answer.next?.pathname).toBe('/nets-fail');
    expect(answer.next?.searchParams.get('reason')).toBe('failed');
    expect(typeOf(await check(order.bank_id_token))).toBe('CantProceedWithProvidedDetails');
  });
});

describe('the broker settings', () => {
  it('names each missing or malformed variable, and production refuses a broker over plain http', () => {
    expect(() =>
      providerSettingsFrom({ BANK_ID: 'oidc', BANK_ID_OIDC_REDIRECT_URI: 'https://send.sarraf.test/x' }),
    ).toThrow(
      expect.objectContaining({
        problems: [
          "BANK_ID_OIDC_ISSUER must be set (the broker's issuer URL, e.g. https://sarraf.criipto.id)",
          'BANK_ID_OIDC_CLIENT_ID must be set (the client id the broker gave us)',
          'BANK_ID_OIDC_CLIENT_SECRET must be set (the client secret the broker gave us)',
          `BANK_ID_OIDC_REDIRECT_URI must end in ${OIDC_BANK_ID_CALLBACK_PATH} (our callback)`,
          'BANK_ID_OIDC_PERSONAL_NUMBER_CLAIM must be set (the ID-token claim that holds it)',
        ],
      }),
    );
    const settings = providerSettingsFrom({
      BANK_ID: 'oidc',
      BANK_ID_OIDC_ISSUER: 'http://broker.example',
      BANK_ID_OIDC_CLIENT_ID: 'sarraf',
      BANK_ID_OIDC_CLIENT_SECRET: 'secret',
      BANK_ID_OIDC_REDIRECT_URI: REDIRECT_URI,
      BANK_ID_OIDC_PERSONAL_NUMBER_CLAIM: 'ssn',
    });
    expect(settings.bankId).toMatchObject({
      kind: 'oidc',
      scope: 'openid',
      claims: { personalNumber: 'ssn', givenName: 'given_name', surname: 'family_name', dateOfBirth: 'birthdate' },
      acrValues: {},
    });
    expect(sandboxSeams(settings)).not.toContain('BANK_ID');
    expect(plainHttpProviderUrls(settings)).toEqual(['BANK_ID_OIDC_ISSUER']);
  });
});
