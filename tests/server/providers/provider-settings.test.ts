import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { ManualClock } from '../../../src/server/clock.ts';
import { assertSafeForProduction, loadConfig, productionProblems } from '../../../src/server/config.ts';
import {
  ConfigProblems,
  describeProviders,
  providerSettingsFrom,
  SEAMS,
  sandboxSeams,
} from '../../../src/server/providers/provider-settings.ts';
import { providersFrom } from '../../../src/server/providers/providers-from.ts';
import { createTestDatabase } from '../../support/databases.ts';
import { serverEntry } from '../../support/server-bundle.ts';

const ALL_VARIABLES = Object.values(SEAMS).map((seam) => seam.variable);

/** The problems a configuration is refused with, one line each. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    providerSettingsFrom(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigProblems);
    return (error as ConfigProblems).problems;
  }
  return [];
}

const vapidKeys = webPush.generateVAPIDKeys();

/** Everything production asks for besides the providers. */
const PRODUCTION_SECRETS: NodeJS.ProcessEnv = {
  SARRAF_ENV: 'production',
  PUBLIC_ORIGIN: 'https://send.sarraf.example',
  TRUSTED_PROXY_HOPS: '1',
  TRUSTED_PROXY_ADDRESSES: '10.0.0.2',
  VAPID_PUBLIC_KEY: vapidKeys.publicKey,
  VAPID_PRIVATE_KEY: vapidKeys.privateKey,
  QUOTE_SIGNING_KEY: Buffer.alloc(32, 1).toString('base64url'),
  AUTH_HANDOFF_KEY: Buffer.alloc(32, 2).toString('base64url'),
  DOCUMENT_MASTER_KEYS: `2026-11:${Buffer.alloc(32, 3).toString('base64')}`,
  IDENTITY_CALLBACK_SECRET: Buffer.alloc(32, 4).toString('base64url'),
  PAYMENT_WEBHOOK_KEYS: Buffer.alloc(32, 5).toString('base64url'),
};

const REAL_MESSAGING_AND_PUSH: NodeJS.ProcessEnv = {
  MESSAGING_EMAIL: 'smtp',
  SMTP_HOST: 'smtp.relay.example',
  SMTP_USER: 'sarraf',
  SMTP_PASSWORD: 'relay-password',
  SMTP_FROM: 'Sarraf <no-reply@send.sarraf.example>',
  MESSAGING_SMS: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM: '+447700900123',
  PUSH: 'webpush',
  FX_RATES: 'exchangerate-api',
};

/** A real provider behind every seam (or `off` where the product does without it), as an operator would set them. */
const REAL_EVERYWHERE: NodeJS.ProcessEnv = {
  ...REAL_MESSAGING_AND_PUSH,
  REFERENCE_RATES: 'ecb',
  CAPTCHA: 'recaptcha',
  RECAPTCHA_SECRET_KEY: 'recaptcha-secret',
  RECAPTCHA_SITE_KEY_V2: '6LcV2-site-key-0123456789',
  RECAPTCHA_SITE_KEY_V3: '6LcV3-site-key-0123456789',
  ADDRESS_LOOKUP: 'ideal-postcodes',
  IDEAL_POSTCODES_API_KEY: 'ak_live0123456789',
  ACCOUNT_LOOKUP: 'off',
  BANK_ID: 'oidc',
  BANK_ID_OIDC_ISSUER: 'https://sarraf.broker.example',
  BANK_ID_OIDC_CLIENT_ID: 'sarraf',
  BANK_ID_OIDC_CLIENT_SECRET: 'broker-secret',
  BANK_ID_OIDC_REDIRECT_URI: 'https://send.sarraf.example/api/hooks/bank-id/oidc',
  BANK_ID_OIDC_PERSONAL_NUMBER_CLAIM: 'ssn',
  CARD_GATEWAY: 'adyen',
  BANK_LINK: 'adyen',
  ADYEN_ENVIRONMENT: 'live',
  ADYEN_LIVE_URL_PREFIX: '1797a841fbb37ca7-SarrafGB',
  ADYEN_API_KEY: 'AQE-api-key',
  ADYEN_MERCHANT_ACCOUNT: 'SarrafGB',
  ADYEN_CLIENT_KEY: `live_${'A1'.repeat(12)}`,
  ADYEN_HMAC_KEYS: `${'ab'.repeat(32)},${'cd'.repeat(32)}`,
  PAYOUT_PARTNER: 'adyen',
  ADYEN_TRANSFERS_API_KEY: 'AQE-transfers-key',
  ADYEN_BALANCE_ACCOUNT_ID: 'BA32272223222B5CTDQPM6W2H',
  ADYEN_TRANSFERS_HMAC_KEYS: 'ef'.repeat(32),
  PAYOUT_CARDS: 'off',
  IDENTITY_DOCUMENTS: 'onfido',
  IDENTITY_CAPTURE: 'onfido',
  WATCHLIST: 'onfido',
  TWO_PLUS_TWO: 'onfido',
  ONFIDO_API_TOKEN: 'api_live.abcdefgh.0123456789',
  ONFIDO_WEBHOOK_TOKENS: 'whtok_0123456789abcdef',
};

describe('providers chosen by configuration', () => {
  it('chooses the sandbox for every seam when nothing is set, and says so in one line', () => {
    const settings = providerSettingsFrom({});
    expect(sandboxSeams(settings)).toEqual(ALL_VARIABLES);
    expect(ALL_VARIABLES).toHaveLength(17);
    expect(describeProviders(settings)).toBe('providers: sandbox for all 17 (nothing leaves this machine)');
    expect(loadConfig({}).providers).toEqual(settings);
  });

  it('reads each real adapter and its typed settings from their own variables', () => {
    const settings = providerSettingsFrom({ ...REAL_MESSAGING_AND_PUSH, ...PRODUCTION_SECRETS });
    expect(settings.email).toEqual({
      kind: 'smtp',
      host: 'smtp.relay.example',
      port: 587,
      tls: 'starttls',
      tlsCa: undefined,
      auth: { user: 'sarraf', pass: 'relay-password' },
      from: 'Sarraf <no-reply@send.sarraf.example>',
      poolSize: 5,
    });
    expect(settings.sms).toEqual({
      kind: 'twilio',
      accountSid: `AC${'a'.repeat(32)}`,
      authToken: 'twilio-auth-token',
      sender: { from: '+447700900123' },
      apiBase: 'https://api.twilio.com',
    });
    expect(settings.push).toEqual({ kind: 'webpush' });
    expect(settings.fxRates).toEqual({
      kind: 'exchangerate-api',
      apiBase: 'https://api.exchangerate-api.com/v4',
      refreshSeconds: 3600,
      maxAgeSeconds: 93_600,
    });
    expect(
      providerSettingsFrom({ ...REAL_MESSAGING_AND_PUSH, ...PRODUCTION_SECRETS, SMTP_PORT: '465' }).email,
    ).toMatchObject({
      port: 465,
      tls: 'implicit',
    });
    expect(describeProviders(settings)).toMatch(
      /^providers: MESSAGING_EMAIL=smtp, MESSAGING_SMS=twilio, PUSH=webpush, FX_RATES=exchangerate-api; sandbox: REFERENCE_RATES, /,
    );
  });

  it('reads CARD_GATEWAY=adyen: its keys, the test or live Checkout v71 base, and refuses what is malformed', () => {
    const hmac = 'ab'.repeat(32);
    const adyen = {
      CARD_GATEWAY: 'adyen',
      ADYEN_API_KEY: 'AQE-api-key',
      ADYEN_MERCHANT_ACCOUNT: 'SarrafGB',
      ADYEN_CLIENT_KEY: `test_${'A1'.repeat(12)}`,
      ADYEN_HMAC_KEYS: `${hmac},${'cd'.repeat(32)}`,
    };
    const test = providerSettingsFrom(adyen).cardGateway;
    expect(test).toEqual({
      kind: 'adyen',
      apiKey: 'AQE-api-key',
      merchantAccount: 'SarrafGB',
      clientKey: adyen.ADYEN_CLIENT_KEY,
      environment: 'test',
      checkoutBase: 'https://checkout-test.adyen.com/v71',
      hmacKeys: [Buffer.from(hmac, 'hex'), Buffer.from('cd'.repeat(32), 'hex')],
    });
    const live = providerSettingsFrom({
      ...adyen,
      ADYEN_ENVIRONMENT: 'live',
      ADYEN_CLIENT_KEY: `live_${'A1'.repeat(12)}`,
      ADYEN_LIVE_URL_PREFIX: '1797a841fbb37ca7-SarrafGB',
    }).cardGateway;
    expect(live).toMatchObject({
      environment: 'live',
      checkoutBase: 'https://1797a841fbb37ca7-SarrafGB-checkout-live.adyenpayments.com/checkout/v71',
    });
    expect(problemsOf({ CARD_GATEWAY: 'adyen' })).toEqual([
      'ADYEN_API_KEY must be set (the API key of the web-service user Sarraf calls Adyen with)',
      'ADYEN_MERCHANT_ACCOUNT must be set (the merchant account payments are made to)',
      "ADYEN_CLIENT_KEY must be set (the client key the browser's card component starts with)",
      "ADYEN_HMAC_KEYS must be set (the standard webhook's HMAC key (two, comma-separated, while rotating))",
    ]);
    expect(problemsOf({ ...adyen, ADYEN_ENVIRONMENT: 'live', ADYEN_HMAC_KEYS: 'not-hex' })).toEqual([
      'ADYEN_CLIENT_KEY must be a live_ key for ADYEN_ENVIRONMENT=live',
      "ADYEN_LIVE_URL_PREFIX must be set (the live endpoint prefix in the Customer Area's API URLs)",
      'ADYEN_HMAC_KEYS must be the hex HMAC keys the Customer Area shows, separated by commas',
    ]);
    // production takes Adyen for CARD_GATEWAY, without the sandbox's PAYMENT_WEBHOOK_KEYS, and only over https
    const { PAYMENT_WEBHOOK_KEYS: _sandboxOnly, ...secrets } = PRODUCTION_SECRETS;
    const production = productionProblems(
      loadConfig({ ...secrets, ...adyen, DATABASE_URL: 'postgres://sarraf@db.internal/sarraf' }),
    );
    expect(production.filter((line) => /CARD_GATEWAY|PAYMENT_WEBHOOK_KEYS|ADYEN/.test(line))).toEqual([]);
    const local = loadConfig({ ...secrets, ...adyen, ADYEN_CHECKOUT_URL: 'http://127.0.0.1:8997/v71' });
    expect(productionProblems(local)).toContain('ADYEN_CHECKOUT_URL must be https://');
  });

  it('reads PAYOUT_PARTNER=adyen (its own credential, balance account and webhook keys) and PAYOUT_CARDS=off', () => {
    const hmac = 'ef'.repeat(32);
    const payouts = {
      PAYOUT_PARTNER: 'adyen',
      PAYOUT_CARDS: 'off',
      ADYEN_TRANSFERS_API_KEY: 'AQE-transfers-key',
      ADYEN_BALANCE_ACCOUNT_ID: 'BA32272223222B5CTDQPM6W2H',
      ADYEN_TRANSFERS_HMAC_KEYS: hmac,
    };
    const settings = providerSettingsFrom(payouts);
    expect(settings.payoutPartner).toEqual({
      kind: 'adyen',
      apiKey: 'AQE-transfers-key',
      balanceAccountId: 'BA32272223222B5CTDQPM6W2H',
      transfersBase: 'https://balanceplatform-api-test.adyen.com/btl/v4',
      hmacKeys: [Buffer.from(hmac, 'hex')],
    });
    expect(settings.payoutCards).toEqual({ kind: 'off' });
    // ADYEN_ENVIRONMENT is the card gateway's too
    expect(providerSettingsFrom({ ...payouts, ADYEN_ENVIRONMENT: 'live' }).payoutPartner).toMatchObject({
      transfersBase: 'https://balanceplatform-api-live.adyen.com/btl/v4',
    });
    expect(problemsOf({ PAYOUT_PARTNER: 'adyen' })).toEqual([
      'ADYEN_TRANSFERS_API_KEY must be set (the API key of the Balance Platform credential PAYOUT_PARTNER=adyen pays out with)',
      'ADYEN_BALANCE_ACCOUNT_ID must be set (the balance account payouts are paid from)',
      "ADYEN_TRANSFERS_HMAC_KEYS must be set (the transfer webhooks' HMAC key (two, comma-separated, while rotating))",
    ]);
    expect(
      problemsOf({ ...payouts, ADYEN_BALANCE_ACCOUNT_ID: 'SarrafGB', ADYEN_TRANSFERS_URL: 'https://x.example/v3' }),
    ).toEqual([
      'ADYEN_BALANCE_ACCOUNT_ID must be a balance account id, BA followed by letters and digits',
      'ADYEN_TRANSFERS_URL must be the Transfers API base ending in /v4',
    ]);
    expect(problemsOf({ PAYOUT_CARDS: 'adyen' })).toEqual(["PAYOUT_CARDS must be sandbox or off, not 'adyen'"]);
    // the environment both Adyen adapters read is refused once
    expect(
      problemsOf({
        ...payouts,
        CARD_GATEWAY: 'adyen',
        ADYEN_API_KEY: 'AQE-api-key',
        ADYEN_MERCHANT_ACCOUNT: 'SarrafGB',
        ADYEN_CLIENT_KEY: `test_${'A1'.repeat(12)}`,
        ADYEN_HMAC_KEYS: hmac,
        ADYEN_ENVIRONMENT: 'staging',
      }),
    ).toEqual(["ADYEN_ENVIRONMENT must be test or live, not 'staging'"]);
    // production takes both, the transfers API only over https
    const production = productionProblems(
      loadConfig({ ...PRODUCTION_SECRETS, ...payouts, DATABASE_URL: 'postgres://sarraf@db.internal/sarraf' }),
    );
    expect(production.filter((line) => /PAYOUT|ADYEN/.test(line))).toEqual([]);
    const local = loadConfig({ ...PRODUCTION_SECRETS, ...payouts, ADYEN_TRANSFERS_URL: 'http://127.0.0.1:8996/v4' });
    expect(productionProblems(local)).toContain('ADYEN_TRANSFERS_URL must be https://');
    expect(describeProviders(settings)).toMatch(/PAYOUT_CARDS=off, PAYOUT_PARTNER=adyen/);
  });

  it('reads BANK_LINK=adyen on the same Adyen settings as the card gateway; only the card needs the client key', () => {
    const hmac = 'ab'.repeat(32);
    const adyen = {
      BANK_LINK: 'adyen',
      ADYEN_API_KEY: 'AQE-api-key',
      ADYEN_MERCHANT_ACCOUNT: 'SarrafGB',
      ADYEN_HMAC_KEYS: hmac,
    };
    const settings = providerSettingsFrom(adyen);
    expect(settings.bankLink).toEqual({
      kind: 'adyen',
      apiKey: 'AQE-api-key',
      merchantAccount: 'SarrafGB',
      clientKey: '',
      environment: 'test',
      checkoutBase: 'https://checkout-test.adyen.com/v71',
      hmacKeys: [Buffer.from(hmac, 'hex')],
    });
    expect(settings.cardGateway).toEqual({ kind: 'sandbox' });
    expect(sandboxSeams(settings)).not.toContain('BANK_LINK');
    const both = providerSettingsFrom({ ...adyen, CARD_GATEWAY: 'adyen', ADYEN_CLIENT_KEY: `test_${'A1'.repeat(12)}` });
    expect(both.bankLink).toBe(both.cardGateway);
    expect(problemsOf({ BANK_LINK: 'adyen' })).toEqual([
      'ADYEN_API_KEY must be set (the API key of the web-service user Sarraf calls Adyen with)',
      'ADYEN_MERCHANT_ACCOUNT must be set (the merchant account payments are made to)',
      "ADYEN_HMAC_KEYS must be set (the standard webhook's HMAC key (two, comma-separated, while rotating))",
    ]);
    expect(problemsOf({ ...adyen, ADYEN_HMAC_KEYS: undefined })).toEqual([
      "ADYEN_HMAC_KEYS must be set (the standard webhook's HMAC key (two, comma-separated, while rotating))",
    ]);
    expect(problemsOf({ BANK_LINK: 'trustly' })).toEqual(["BANK_LINK must be sandbox or adyen, not 'trustly'"]);
    // production takes Adyen for BANK_LINK, only over https
    const production = productionProblems(
      loadConfig({ ...PRODUCTION_SECRETS, ...adyen, DATABASE_URL: 'postgres://sarraf@db.internal/sarraf' }),
    );
    expect(production.filter((line) => /BANK_LINK|ADYEN/.test(line))).toEqual([]);
    const local = loadConfig({ ...PRODUCTION_SECRETS, ...adyen, ADYEN_CHECKOUT_URL: 'http://127.0.0.1:8997/v71' });
    expect(productionProblems(local)).toContain('ADYEN_CHECKOUT_URL must be https://');
  });

  it('stops on a missing or malformed setting with one line naming each variable', () => {
    expect(problemsOf({ MESSAGING_EMAIL: 'postmark' })).toEqual([
      "MESSAGING_EMAIL must be sandbox or smtp, not 'postmark'",
    ]);
    expect(problemsOf({ CARD_GATEWAY: 'stripe' })).toEqual(["CARD_GATEWAY must be sandbox or adyen, not 'stripe'"]);
    const smtp = problemsOf({
      MESSAGING_EMAIL: 'smtp',
      SMTP_PORT: 'twenty-five',
      SMTP_USER: 'only-the-user',
      SMTP_TLS: 'none',
    });
    expect(smtp).toHaveLength(5);
    for (const variable of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_TLS', 'SMTP_USER', 'SMTP_FROM']) {
      expect(
        smtp.filter((line) => line.startsWith(variable)),
        variable,
      ).toHaveLength(1);
    }
    expect(problemsOf({ ...REAL_MESSAGING_AND_PUSH, ...PRODUCTION_SECRETS, SMTP_FROM: 'not an address' })).toEqual([
      'SMTP_FROM must be an e-mail address, optionally with a name: Sarraf <no-reply@send.example>',
    ]);
    const twilio = problemsOf({ MESSAGING_SMS: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_FROM: '07700 900123' });
    expect(twilio).toEqual([
      'TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits',
      "TWILIO_AUTH_TOKEN must be set (the account's auth token: it signs requests and callbacks)",
      'TWILIO_FROM must be a phone number in E.164, e.g. +447700900123',
    ]);
    expect(problemsOf({ ...REAL_MESSAGING_AND_PUSH, TWILIO_FROM: '' })).toEqual([
      'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID must be set (who texts are sent from)',
      'PUSH=webpush needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the key pair browsers subscribed with)',
    ]);
    expect(
      problemsOf({ FX_RATES: 'exchangerate-api', FX_REFRESH_SECONDS: '7200', FX_MAX_AGE_SECONDS: '3600' }),
    ).toEqual(['FX_MAX_AGE_SECONDS must be longer than FX_REFRESH_SECONDS (rates would go stale between fetches)']);
    expect(problemsOf({ FX_RATES: 'exchangerate-api', EXCHANGERATE_API_URL: 'api.exchangerate-api.com/' })).toEqual([
      "EXCHANGERATE_API_URL must be the feed's base URL without a trailing slash, e.g. https://api.exchangerate-api.com/v4",
    ]);
    expect(() => loadConfig({ MESSAGING_SMS: 'vonage' })).toThrow(ConfigProblems);
  });

  it('reads IDENTITY_DOCUMENTS, IDENTITY_CAPTURE, WATCHLIST and TWO_PLUS_TWO=onfido: one set of Onfido settings, refusing what is malformed', () => {
    const onfido = {
      IDENTITY_DOCUMENTS: 'onfido',
      IDENTITY_CAPTURE: 'onfido',
      WATCHLIST: 'onfido',
      TWO_PLUS_TWO: 'onfido',
      ONFIDO_API_TOKEN: 'api_live.abcdefgh.0123456789',
      ONFIDO_WEBHOOK_TOKENS: 'whtok_0123456789abcdef, whtok_fedcba9876543210',
      PUBLIC_ORIGIN: 'https://send.sarraf.example',
    };
    const settings = providerSettingsFrom(onfido);
    const expected = {
      kind: 'onfido',
      apiToken: 'api_live.abcdefgh.0123456789',
      apiBase: 'https://api.eu.onfido.com/v3.6',
      webhookTokens: ['whtok_0123456789abcdef', 'whtok_fedcba9876543210'],
      referrer: 'https://send.sarraf.example/*',
    };
    expect([settings.documents, settings.identityCapture, settings.watchlist, settings.twoPlusTwo]).toEqual([
      expected,
      expected,
      expected,
      expected,
    ]);
    expect(describeProviders(settings)).toMatch(
      /WATCHLIST=onfido, TWO_PLUS_TWO=onfido, IDENTITY_DOCUMENTS=onfido, IDENTITY_CAPTURE=onfido/,
    );
    expect(providerSettingsFrom({ ...onfido, ONFIDO_REGION: 'us', IDENTITY_CAPTURE: 'sandbox' })).toMatchObject({
      documents: { apiBase: 'https://api.us.onfido.com/v3.6' },
      identityCapture: { kind: 'sandbox' },
    });
    for (const seam of ['WATCHLIST', 'TWO_PLUS_TWO']) {
      expect(problemsOf({ [seam]: 'onfido' })).toEqual([
        'ONFIDO_API_TOKEN must be set (the API token the identity seams call Onfido with)',
        "ONFIDO_WEBHOOK_TOKENS must be set (the webhook's secret token (two, comma-separated, while rotating))",
        'ONFIDO_REFERRER must be set, or PUBLIC_ORIGIN (the pages the Onfido Web SDK runs on)',
      ]);
    }
    expect(problemsOf({ TWO_PLUS_TWO: 'experian' })).toEqual([
      "TWO_PLUS_TWO must be sandbox or onfido, not 'experian'",
    ]);
    expect(
      problemsOf({
        ...onfido,
        IDENTITY_DOCUMENTS: 'sandbox',
        ONFIDO_API_TOKEN: 'secret',
        ONFIDO_REGION: 'AU',
        ONFIDO_API_URL: 'https://api.eu.onfido.com/v3',
        ONFIDO_WEBHOOK_TOKENS: 'short',
      }),
    ).toEqual([
      'IDENTITY_CAPTURE=onfido needs IDENTITY_DOCUMENTS=onfido (Onfido decides the checks it captured)',
      'ONFIDO_API_TOKEN must be an Onfido API token, api_sandbox.… or api_live.… (api_live_us.…, api_live_ca.… outside the EU)',
      "ONFIDO_REGION must be EU, US or CA, not 'AU'",
      'ONFIDO_API_URL must be the API base ending in /v3.6, e.g. https://api.eu.onfido.com/v3.6',
      "ONFIDO_WEBHOOK_TOKENS must be the webhooks' secret tokens as Onfido shows them, separated by commas",
    ]);
    // production takes Onfido for the four seams, with a live token, over https only
    const production = productionProblems(
      loadConfig({ ...PRODUCTION_SECRETS, ...onfido, DATABASE_URL: 'postgres://sarraf@db.internal/sarraf' }),
    );
    expect(
      production.filter((line) => /IDENTITY_DOCUMENTS|IDENTITY_CAPTURE|WATCHLIST|TWO_PLUS_TWO|ONFIDO/.test(line)),
    ).toEqual([]);
    const local = loadConfig({
      ...PRODUCTION_SECRETS,
      ...onfido,
      ONFIDO_API_TOKEN: 'api_sandbox.abcdefgh.0123456789',
      ONFIDO_API_URL: 'http://127.0.0.1:8996/v3.6',
    });
    expect(productionProblems(local)).toEqual(
      expect.arrayContaining([
        'ONFIDO_API_URL must be https://',
        "ONFIDO_API_TOKEN must be a live token (api_live…): a sandbox token's checks are not real",
      ]),
    );
  });

  it("reads REFERENCE_RATES=ecb (the ECB's daily table, https in production) and ACCOUNT_LOOKUP=off, refusing what is malformed", () => {
    expect(providerSettingsFrom({ REFERENCE_RATES: 'ecb', ACCOUNT_LOOKUP: 'off' })).toMatchObject({
      referenceRates: {
        kind: 'ecb',
        url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
        refreshSeconds: 3600,
      },
      accountLookup: { kind: 'off' },
    });
    expect(providerSettingsFrom({ REFERENCE_RATES: 'ecb', ECB_REFRESH_SECONDS: '600' }).referenceRates).toMatchObject({
      refreshSeconds: 600,
    });
    expect(problemsOf({ REFERENCE_RATES: 'frankfurter', ACCOUNT_LOOKUP: 'none' })).toEqual([
      "REFERENCE_RATES must be sandbox or ecb, not 'frankfurter'",
      "ACCOUNT_LOOKUP must be sandbox or off, not 'none'",
    ]);
    expect(
      problemsOf({ REFERENCE_RATES: 'ecb', ECB_RATES_URL: 'www.ecb.europa.eu/x.xml?day=1', ECB_REFRESH_SECONDS: '5' }),
    ).toEqual([
      "ECB_RATES_URL must be the daily table's URL without a query, e.g. https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
      'ECB_REFRESH_SECONDS must be a whole number from 60 to 86400',
    ]);
    const env = { ...PRODUCTION_SECRETS, REFERENCE_RATES: 'ecb', ACCOUNT_LOOKUP: 'off' };
    const production = productionProblems(loadConfig(env));
    expect(production.filter((line) => /REFERENCE_RATES|ACCOUNT_LOOKUP|ECB/.test(line))).toEqual([]);
    const local = loadConfig({ ...env, ECB_RATES_URL: 'http://127.0.0.1:8995/stats/eurofxref/eurofxref-daily.xml' });
    expect(productionProblems(local)).toContain('ECB_RATES_URL must be https://');
  });

  it('refuses production with one line per sandbox provider, the embedded database and SANDBOX=true', () => {
    const demoLike = loadConfig({ ...PRODUCTION_SECRETS, SANDBOX: 'true' });
    const problems = productionProblems(demoLike);
    expect(problems).toEqual([
      'SANDBOX=true mounts the sandbox pages under /sandbox',
      'DATABASE_URL must be set: production runs on PostgreSQL, not the embedded PGlite',
      ...ALL_VARIABLES.map((variable) => `${variable} is sandbox: nothing would reach a real provider`),
    ]);
    expect(() => assertSafeForProduction(demoLike)).toThrow(ConfigProblems);
    try {
      assertSafeForProduction(demoLike);
    } catch (error) {
      expect((error as ConfigProblems).problems).toHaveLength(2 + 17);
      expect((error as ConfigProblems).problems[0]).toBe(
        'refusing to start in production: SANDBOX=true mounts the sandbox pages under /sandbox',
      );
    }

    const real = loadConfig({
      ...PRODUCTION_SECRETS,
      ...REAL_MESSAGING_AND_PUSH,
      DATABASE_URL: 'postgres://sarraf@db.internal/sarraf',
    });
    const left = productionProblems(real);
    expect(
      left.filter((line) => /^(SANDBOX|DATABASE_URL|MESSAGING_EMAIL|MESSAGING_SMS|PUSH|FX_RATES)\b/.test(line)),
    ).toEqual([]);
    // what no setting can clear yet: the seams with no production adapter (their own issues)
    expect(left).toEqual(
      ALL_VARIABLES.filter((v) => !['MESSAGING_EMAIL', 'MESSAGING_SMS', 'PUSH', 'FX_RATES'].includes(v)).map(
        (variable) => `${variable} is sandbox: nothing would reach a real provider`,
      ),
    );
    expect(productionProblems({ ...real, production: false })).toEqual([]);
    const toThisMachine = loadConfig({
      ...PRODUCTION_SECRETS,
      ...REAL_MESSAGING_AND_PUSH,
      DATABASE_URL: 'postgres://sarraf@db.internal/sarraf',
      TWILIO_API_BASE: 'http://127.0.0.1:8999',
      EXCHANGERATE_API_URL: 'http://127.0.0.1:8998/v4',
    });
    expect(productionProblems(toThisMachine).filter((line) => !left.includes(line))).toEqual([
      'TWILIO_API_BASE must be https://',
      'EXCHANGERATE_API_URL must be https://',
    ]);
  });

  it('has nothing to refuse in production with a real provider behind every seam and PostgreSQL', () => {
    const config = loadConfig({
      ...PRODUCTION_SECRETS,
      ...REAL_EVERYWHERE,
      DATABASE_URL: 'postgres://sarraf@db.internal/sarraf',
    });
    expect(sandboxSeams(config.providers)).toEqual([]);
    expect(productionProblems(config)).toEqual([]);
    expect(config.sandbox).toBe(false);
  });

  it('wires the chosen adapters: a real web-push sender for PUSH=webpush, no account lookup when off, the sandbox otherwise', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const clock = new ManualClock();
      const env = { ...PRODUCTION_SECRETS, PUSH: 'webpush' };
      const config = { ...loadConfig(env), dataDir: 'memory://' };
      const providers = providersFrom({ db: database.db, config, clock });
      expect(providers.push.publicKey).toBe(vapidKeys.publicKey);
      // a real sender sends to any push service; the sandbox withholds what is not on this machine
      const sandboxPush = providersFrom({
        db: database.db,
        config: { ...config, providers: loadConfig({}).providers },
        clock,
      }).push;
      const subscription = {
        endpoint: 'https://push.example.invalid/send/abc',
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
        payload: '{}',
        ttlSeconds: 60,
      };
      expect(await sandboxPush.send(subscription)).toBe('withheld');
      await expect(providers.push.send(subscription)).rejects.toThrow();

      // no lookup with ACCOUNT_LOOKUP=off; the ECB's table and Onfido's check in place of the sandbox's
      const chosen = providersFrom({
        db: database.db,
        config: {
          ...config,
          providers: providerSettingsFrom({
            ACCOUNT_LOOKUP: 'off',
            REFERENCE_RATES: 'ecb',
            TWO_PLUS_TWO: 'onfido',
            ONFIDO_API_TOKEN: 'api_sandbox.abcdefgh.0123456789',
            ONFIDO_WEBHOOK_TOKENS: 'whtok_0123456789abcdef',
            PUBLIC_ORIGIN: 'https://send.sarraf.example',
          }),
        },
        clock,
      });
      const sandbox = providersFrom({
        db: database.db,
        config: { ...config, providers: loadConfig({}).providers },
        clock,
      });
      expect(chosen.accountLookup).toBeNull();
      expect(sandbox.accountLookup).not.toBeNull();
      expect(chosen.referenceRates).toHaveProperty('refresh');
      expect(sandbox.referenceRates).not.toHaveProperty('refresh');
      expect(chosen.twoPlusTwo.check).not.toBe(sandbox.twoPlusTwo.check);
    } finally {
      await database.close();
    }
  });
});

/** Runs the server as `npm start` does (this run's bundle of it) until it exits or `until` is seen on stdout. */
function runServer(
  env: NodeJS.ProcessEnv,
  until?: RegExp,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, serverEntry('main'), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (until?.test(stdout)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const BARE_START: NodeJS.ProcessEnv = {
  PORT: '0',
  DATA_DIR: 'memory://',
  DATABASE_URL: '',
  STATIC_DIR: '',
  LOG_LEVEL: 'info',
  SARRAF_ENV: '',
  SANDBOX: 'true',
  ...Object.fromEntries(ALL_VARIABLES.map((variable) => [variable, ''])),
};

// each start runs the bundled server: seconds on a quiet machine, far more on a busy one
describe('the server process', { timeout: 120_000 }, () => {
  it('starts with no provider settings on the sandbox and says so in its first log line', async () => {
    const { stdout } = await runServer(BARE_START, /\n/);
    const first = JSON.parse(stdout.split('\n')[0] as string);
    expect(first.msg).toBe('providers: sandbox for all 17 (nothing leaves this machine)');
  });

  it('refuses production with one line per problem on stderr and exit code 1', async () => {
    const { code, stderr, stdout } = await runServer({ ...BARE_START, ...PRODUCTION_SECRETS });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      'configuration: refusing to start in production: SANDBOX=true mounts the sandbox pages under /sandbox',
      'configuration: refusing to start in production: DATABASE_URL must be set: production runs on PostgreSQL, not the embedded PGlite',
      ...ALL_VARIABLES.map(
        (variable) =>
          `configuration: refusing to start in production: ${variable} is sandbox: nothing would reach a real provider`,
      ),
    ]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'starts in production with a real provider behind every seam, and /sandbox/* answers 404',
    async () => {
      const database = await createTestDatabase('postgres');
      await database.db.destroy();
      const child = spawn(process.execPath, serverEntry('main'), {
        env: {
          ...process.env,
          ...BARE_START,
          ...PRODUCTION_SECRETS,
          ...REAL_EVERYWHERE,
          SANDBOX: '',
          DATABASE_URL: database.url,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        let stdout = '';
        let stderr = '';
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
        });
        const listening = await new Promise<number>((resolve, reject) => {
          child.stdout.on('data', (chunk) => {
            stdout += chunk;
            const port = /"port":(\d+)[^\n]*Sarraf listening/.exec(stdout)?.[1];
            if (port) resolve(Number(port));
          });
          child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
        });
        const first = JSON.parse(stdout.split('\n')[0] as string);
        expect(first.msg).toMatch(/; sandbox: none$/);
        const base = `http://127.0.0.1:${listening}`;
        expect((await fetch(`${base}/livez`)).status).toBe(200);
        for (const path of ['/sandbox/messages?to=x', '/sandbox/captcha/score', '/sandbox/analytics/events']) {
          expect((await fetch(`${base}${path}`)).status, path).toBe(404);
        }
        expect(stderr).toBe('');
      } finally {
        child.kill('SIGKILL');
        await database.close();
      }
    },
  );

  it('stops on a malformed provider setting with a line naming the variable', async () => {
    const { code, stderr } = await runServer({ ...BARE_START, MESSAGING_EMAIL: 'smtp', SMTP_HOST: 'relay.example' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'configuration: SMTP_FROM must be set (the sender of every e-mail, e.g. Sarraf <no-reply@send.example>)',
    ]);
  });
});
