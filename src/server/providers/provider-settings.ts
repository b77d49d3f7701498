/**
 * Which adapter each outside service uses, and its settings, read from the
 * environment: one variable per seam (`MESSAGING_EMAIL=smtp|sandbox`, …),
 * then the chosen adapter's own variables. Nothing is chosen for the
 * operator: every seam is `sandbox` unless its variable says otherwise, and
 * production refuses to start while any is (`sandboxSeams`).
 */

/** A setting that is missing or malformed, or a choice production refuses: one line each, naming the variable. */
export class ConfigProblems extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'ConfigProblems';
  }
}

export interface SandboxChoice {
  kind: 'sandbox';
}

/**
 * A seam the product lives without: address search (the customer types the
 * address), the recipient's account lookup (recipients are saved unchecked).
 */
export interface OffChoice {
  kind: 'off';
}

export interface SmtpSettings {
  kind: 'smtp';
  host: string;
  port: number;
  /**
   * `implicit`: TLS from the first byte (port 465); `starttls`: plain, then
   * STARTTLS, which is required (the server must offer it).
   */
  tls: 'implicit' | 'starttls';
  /** PEM certificate(s) to trust besides the system's (a private relay's own CA) */
  tlsCa: string | undefined;
  auth: { user: string; pass: string } | undefined;
  /** the From header: `Sarraf <no-reply@send.example>` or a bare address */
  from: string;
  /** connections the pool keeps open to the relay */
  poolSize: number;
}

export interface TwilioSettings {
  kind: 'twilio';
  accountSid: string;
  authToken: string;
  /** a sender number in E.164, or a Messaging Service SID (`MG…`) */
  sender: { from: string } | { messagingServiceSid: string };
  /** Twilio's API origin; only tests point it elsewhere */
  apiBase: string;
}

export interface WebPushChoice {
  kind: 'webpush';
}

export interface ExchangeRateApiSettings {
  kind: 'exchangerate-api';
  /** the feed's base URL, before `/latest/{base}` */
  apiBase: string;
  /** how often the rates are fetched again */
  refreshSeconds: number;
  /** rates older than this (by the feed's own time) are not priced on: quotes answer 503 until fresh ones come */
  maxAgeSeconds: number;
}

/** The European Central Bank's daily euro reference rates (`fx-rates/ecb-reference-rates.ts`). */
export interface EcbReferenceRatesSettings {
  kind: 'ecb';
  /** the daily table's address: `https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml`; only tests point it elsewhere */
  url: string;
  /** how often the table is fetched again (the ECB publishes one a working day, around 16:00 CET) */
  refreshSeconds: number;
}

export interface RecaptchaSettings {
  kind: 'recaptcha';
  /** the secret siteverify takes; never leaves the server */
  secretKey: string;
  /** the v2 checkbox's and the v3 invisible check's site keys: public, the browser renders the widgets with them */
  siteKeyV2: string;
  siteKeyV3: string;
  /** the hostnames a token must have been solved on (our own pages) */
  hostnames: string[];
  /** siteverify's address; only tests point it elsewhere */
  verifyUrl: string;
}

/**
 * Bank ID through an OpenID Connect broker (Signicat, Criipto, …), which
 * serves Swedish and Norwegian BankID as an OpenID provider
 * (`bank-id/oidc-bank-id.ts`).
 */
export interface BankIdOidcSettings {
  kind: 'oidc';
  /** the broker's issuer; its `/.well-known/openid-configuration` is read at the first use */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** registered at the broker: our callback (`OIDC_BANK_ID_CALLBACK_PATH`) under PUBLIC_ORIGIN */
  redirectUri: string;
  /** asked for on every authorization, `openid` first */
  scope: string;
  /** the ID token's claims that hold the person */
  claims: { personalNumber: string; givenName: string; surname: string; dateOfBirth: string };
  /**
   * By country of the order: the `acr_values` asked for (the broker's name for that country's bank ID), one of
   * which the ID token's `acr` must then be, so a Swedish order is never ended by another country's bank ID.
   */
  acrValues: Partial<Record<'SE' | 'NO', string[]>>;
}

/** Where the broker sends the browser back to us, with the code or the error; then on to /nets-success or /nets-fail. */
export const OIDC_BANK_ID_CALLBACK_PATH = '/api/hooks/bank-id/oidc';

export interface AdyenSettings {
  kind: 'adyen';
  /** the web-service user's API key (X-API-Key) */
  apiKey: string;
  merchantAccount: string;
  /** the client key the browser's card component is started with; public, tied to the allowed origins (empty without CARD_GATEWAY=adyen) */
  clientKey: string;
  /** `test` or `live`: which Adyen environment the browser's component and our calls use */
  environment: 'test' | 'live';
  /**
   * Checkout API base, version included: `https://checkout-test.adyen.com/v71` in test,
   * `https://<ADYEN_LIVE_URL_PREFIX>-checkout-live.adyenpayments.com/checkout/v71` in live; only tests point it elsewhere
   */
  checkoutBase: string;
  /** the HMAC keys of the standard webhook, as raw bytes (given as hex): every one is accepted, for rotation */
  hmacKeys: Buffer[];
}

/**
 * Payouts to bank accounts through Adyen's Transfers API v4 on the Balance
 * Platform (`payout-partner/adyen/`): our balance account pays each order
 * out, and Adyen's transfer webhooks say how it went.
 */
export interface AdyenTransfersSettings {
  kind: 'adyen';
  /** the Balance Platform API credential's key (X-API-Key): another credential than the card gateway's */
  apiKey: string;
  /** the balance account every payout is paid from (`BA…`) */
  balanceAccountId: string;
  /** the Transfers API base, version included: `https://balanceplatform-api-test.adyen.com/btl/v4`; only tests point it elsewhere */
  transfersBase: string;
  /** the HMAC keys of the transfer webhooks, as raw bytes (given as hex): every one is accepted, for rotation */
  hmacKeys: Buffer[];
}

/** Where Adyen posts its transfer webhooks, under PUBLIC_ORIGIN. */
export const ADYEN_TRANSFER_WEBHOOK_PATH = '/api/hooks/payouts/adyen';

/** UK address search through ideal-postcodes' address autocomplete (`address-book/ideal-postcodes-address-book.ts`). */
export interface IdealPostcodesSettings {
  kind: 'ideal-postcodes';
  /** the API key (`ak_…`) every request carries */
  apiKey: string;
  /** the API's base, version included: `https://api.ideal-postcodes.co.uk/v1`; only tests point it elsewhere */
  apiBase: string;
}

/**
 * Onfido: one provider for the identity documents, the camera capture, the
 * watchlist screening and the database check (`onfido/`), in the region the
 * account lives in.
 */
export interface OnfidoSettings {
  kind: 'onfido';
  /** the API token (`Authorization: Token token=…`); never leaves the server */
  apiToken: string;
  /** the API base, version included: `https://api.eu.onfido.com/v3.6`; only tests point it elsewhere */
  apiBase: string;
  /** the webhook's secret tokens: every one is accepted, for rotation */
  webhookTokens: string[];
  /** the pages the Web SDK runs on, as the SDK token's `referrer` pattern: `https://send.example/*` */
  referrer: string;
}

/** Where Onfido posts its webhook events, under PUBLIC_ORIGIN. */
export const ONFIDO_WEBHOOK_PATH = '/api/hooks/identity/onfido';

/** Every seam, by the key `Providers` gives it, with the variable that chooses its adapter and the choices there are. */
export const SEAMS = {
  email: { variable: 'MESSAGING_EMAIL', choices: ['sandbox', 'smtp'] },
  sms: { variable: 'MESSAGING_SMS', choices: ['sandbox', 'twilio'] },
  push: { variable: 'PUSH', choices: ['sandbox', 'webpush'] },
  fxRates: { variable: 'FX_RATES', choices: ['sandbox', 'exchangerate-api'] },
  referenceRates: { variable: 'REFERENCE_RATES', choices: ['sandbox', 'ecb'] },
  cardGateway: { variable: 'CARD_GATEWAY', choices: ['sandbox', 'adyen'] },
  payoutCards: { variable: 'PAYOUT_CARDS', choices: ['sandbox', 'off'] },
  payoutPartner: { variable: 'PAYOUT_PARTNER', choices: ['sandbox', 'adyen'] },
  captcha: { variable: 'CAPTCHA', choices: ['sandbox', 'recaptcha'] },
  addressBook: { variable: 'ADDRESS_LOOKUP', choices: ['sandbox', 'off', 'ideal-postcodes'] },
  watchlist: { variable: 'WATCHLIST', choices: ['sandbox', 'onfido'] },
  twoPlusTwo: { variable: 'TWO_PLUS_TWO', choices: ['sandbox', 'onfido'] },
  documents: { variable: 'IDENTITY_DOCUMENTS', choices: ['sandbox', 'onfido'] },
  identityCapture: { variable: 'IDENTITY_CAPTURE', choices: ['sandbox', 'onfido'] },
  bankId: { variable: 'BANK_ID', choices: ['sandbox', 'oidc'] },
  bankLink: { variable: 'BANK_LINK', choices: ['sandbox', 'adyen'] },
  accountLookup: { variable: 'ACCOUNT_LOOKUP', choices: ['sandbox', 'off'] },
} as const;

export type Seam = keyof typeof SEAMS;

export type ProviderSettings = {
  email: SandboxChoice | SmtpSettings;
  sms: SandboxChoice | TwilioSettings;
  push: SandboxChoice | WebPushChoice;
  fxRates: SandboxChoice | ExchangeRateApiSettings;
  referenceRates: SandboxChoice | EcbReferenceRatesSettings;
  captcha: SandboxChoice | RecaptchaSettings;
  addressBook: SandboxChoice | OffChoice | IdealPostcodesSettings;
  bankId: SandboxChoice | BankIdOidcSettings;
  cardGateway: SandboxChoice | AdyenSettings;
  payoutCards: SandboxChoice | OffChoice;
  payoutPartner: SandboxChoice | AdyenTransfersSettings;
  bankLink: SandboxChoice | AdyenSettings;
  documents: SandboxChoice | OnfidoSettings;
  identityCapture: SandboxChoice | OnfidoSettings;
  watchlist: SandboxChoice | OnfidoSettings;
  twoPlusTwo: SandboxChoice | OnfidoSettings;
  accountLookup: SandboxChoice | OffChoice;
};

/** Reads variables and keeps a line for each one that is missing or malformed. */
class SettingsReader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  optional(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  required(name: string, why: string): string | undefined {
    const value = this.optional(name);
    if (value === undefined) this.problems.push(`${name} must be set (${why})`);
    return value;
  }

  matching(name: string, value: string | undefined, pattern: RegExp, what: string): string | undefined {
    if (value !== undefined && !pattern.test(value)) {
      this.problems.push(`${name} must be ${what}`);
      return undefined;
    }
    return value;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.optional(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  }

  choice<S extends Seam>(seam: S): (typeof SEAMS)[S]['choices'][number] {
    const { variable, choices } = SEAMS[seam];
    const value = this.optional(variable) ?? 'sandbox';
    if ((choices as readonly string[]).includes(value)) return value as (typeof SEAMS)[S]['choices'][number];
    this.problems.push(`${variable} must be ${choices.join(' or ')}, not '${value}'`);
    return 'sandbox';
  }
}

const HOST = /^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:]+\]$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL_ADDRESS = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

function smtpFrom(read: SettingsReader): SmtpSettings {
  const host = read.matching(
    'SMTP_HOST',
    read.required('SMTP_HOST', 'the relay MESSAGING_EMAIL=smtp sends through'),
    HOST,
    'a host name',
  );
  const port = read.integer('SMTP_PORT', 587, 1, 65_535);
  const tlsValue = read.optional('SMTP_TLS') ?? (port === 465 ? 'implicit' : 'starttls');
  if (tlsValue !== 'implicit' && tlsValue !== 'starttls') {
    read.problems.push(`SMTP_TLS must be implicit or starttls, not '${tlsValue}' (e-mail never travels in clear)`);
  }
  const user = read.optional('SMTP_USER');
  const pass = read.optional('SMTP_PASSWORD');
  if ((user === undefined) !== (pass === undefined)) read.problems.push('SMTP_USER and SMTP_PASSWORD go together');
  const from = read.matching(
    'SMTP_FROM',
    read.required('SMTP_FROM', 'the sender of every e-mail, e.g. Sarraf <no-reply@send.example>'),
    EMAIL_ADDRESS,
    'an e-mail address, optionally with a name: Sarraf <no-reply@send.example>',
  );
  const caPem = read.optional('SMTP_TLS_CA');
  const tlsCa = read.matching('SMTP_TLS_CA', caPem, /-----BEGIN CERTIFICATE-----/, 'PEM certificate text');
  return {
    kind: 'smtp',
    host: host ?? '',
    port,
    tls: tlsValue === 'implicit' ? 'implicit' : 'starttls',
    tlsCa,
    auth: user !== undefined && pass !== undefined ? { user, pass } : undefined,
    from: from ?? '',
    poolSize: read.integer('SMTP_POOL_SIZE', 5, 1, 50),
  };
}

function twilioFrom(read: SettingsReader): TwilioSettings {
  const accountSid = read.matching(
    'TWILIO_ACCOUNT_SID',
    read.required('TWILIO_ACCOUNT_SID', 'the account MESSAGING_SMS=twilio sends from'),
    /^AC[0-9a-fA-F]{32}$/,
    'AC followed by 32 hexadecimal digits',
  );
  const authToken = read.required('TWILIO_AUTH_TOKEN', "the account's auth token: it signs requests and callbacks");
  const rawFrom = read.optional('TWILIO_FROM');
  const rawService = read.optional('TWILIO_MESSAGING_SERVICE_SID');
  if (rawFrom === undefined && rawService === undefined) {
    read.problems.push('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID must be set (who texts are sent from)');
  }
  const from = read.matching('TWILIO_FROM', rawFrom, E164, 'a phone number in E.164, e.g. +447700900123');
  const service = read.matching(
    'TWILIO_MESSAGING_SERVICE_SID',
    rawService,
    /^MG[0-9a-fA-F]{32}$/,
    'MG followed by 32 hexadecimal digits',
  );
  const apiBase = read.matching(
    'TWILIO_API_BASE',
    read.optional('TWILIO_API_BASE') ?? 'https://api.twilio.com',
    /^https?:\/\/[^/\s]+$/,
    'an origin such as https://api.twilio.com',
  );
  return {
    kind: 'twilio',
    accountSid: accountSid ?? '',
    authToken: authToken ?? '',
    sender: service ? { messagingServiceSid: service } : { from: from ?? '' },
    apiBase: apiBase ?? 'https://api.twilio.com',
  };
}

/**
 * Every seam's choice and the chosen adapter's settings. Throws
 * `ConfigProblems` with one line per missing or malformed variable.
 */
export function providerSettingsFrom(env: NodeJS.ProcessEnv): ProviderSettings {
  const read = new SettingsReader(env);
  const email = read.choice('email') === 'smtp' ? smtpFrom(read) : sandbox;
  const sms = read.choice('sms') === 'twilio' ? twilioFrom(read) : sandbox;
  const push = read.choice('push') === 'webpush' ? webPushFrom(read, env) : sandbox;
  const fxRates = read.choice('fxRates') === 'exchangerate-api' ? exchangeRateApiFrom(read) : sandbox;
  const referenceRates = read.choice('referenceRates') === 'ecb' ? ecbReferenceRatesFrom(read) : sandbox;
  const captcha = read.choice('captcha') === 'recaptcha' ? recaptchaFrom(read, env) : sandbox;
  const addressChoice = read.choice('addressBook');
  const addressBook: ProviderSettings['addressBook'] =
    addressChoice === 'ideal-postcodes'
      ? idealPostcodesFrom(read)
      : addressChoice === 'off'
        ? { kind: 'off' }
        : sandbox;
  const bankId = read.choice('bankId') === 'oidc' ? bankIdOidcFrom(read) : sandbox;
  const adyen = adyenSettingsFrom(read);
  const payout = payoutSettingsFrom(read);
  const identity = identitySettingsFrom(read, env);
  const accountLookup: ProviderSettings['accountLookup'] =
    read.choice('accountLookup') === 'off' ? { kind: 'off' } : sandbox;
  const chosen = {
    email,
    sms,
    push,
    fxRates,
    referenceRates,
    captcha,
    addressBook,
    bankId,
    accountLookup,
    ...adyen,
    ...payout,
    ...identity,
  };
  if (read.problems.length > 0) throw new ConfigProblems(read.problems);
  return chosen;
}

const sandbox: SandboxChoice = { kind: 'sandbox' };

/**
 * The identity seams (documents, capture, screening, the database check):
 * each `sandbox` or `onfido`, all sharing one set of Onfido settings. A capture's check is decided by the document provider,
 * so `IDENTITY_CAPTURE=onfido` needs `IDENTITY_DOCUMENTS=onfido`.
 */
function identitySettingsFrom(
  read: SettingsReader,
  env: NodeJS.ProcessEnv,
): Pick<ProviderSettings, 'documents' | 'identityCapture' | 'watchlist' | 'twoPlusTwo'> {
  const documents = read.choice('documents');
  const identityCapture = read.choice('identityCapture');
  const watchlist = read.choice('watchlist');
  const twoPlusTwo = read.choice('twoPlusTwo');
  if (identityCapture === 'onfido' && documents !== 'onfido') {
    read.problems.push(
      'IDENTITY_CAPTURE=onfido needs IDENTITY_DOCUMENTS=onfido (Onfido decides the checks it captured)',
    );
  }
  const chosen = [documents, identityCapture, watchlist, twoPlusTwo];
  const onfido = chosen.includes('onfido') ? onfidoFrom(read, env) : undefined;
  const pick = (choice: string) => (choice === 'onfido' && onfido ? onfido : sandbox);
  return {
    documents: pick(documents),
    identityCapture: pick(identityCapture),
    watchlist: pick(watchlist),
    twoPlusTwo: pick(twoPlusTwo),
  };
}

const ONFIDO_API_VERSION = 'v3.6';
const ONFIDO_REGIONS = ['EU', 'US', 'CA'] as const;

function onfidoFrom(read: SettingsReader, env: NodeJS.ProcessEnv): OnfidoSettings {
  const apiToken = read.matching(
    'ONFIDO_API_TOKEN',
    read.required('ONFIDO_API_TOKEN', 'the API token the identity seams call Onfido with'),
    /^api_(?:sandbox|live)(?:_us|_ca)?\.[A-Za-z0-9_.-]{8,}$/,
    'an Onfido API token, api_sandbox.… or api_live.… (api_live_us.…, api_live_ca.… outside the EU)',
  );
  const regionValue = (read.optional('ONFIDO_REGION') ?? 'EU').toUpperCase();
  if (!(ONFIDO_REGIONS as readonly string[]).includes(regionValue)) {
    read.problems.push(`ONFIDO_REGION must be EU, US or CA, not '${regionValue}'`);
  }
  const region = (ONFIDO_REGIONS as readonly string[]).includes(regionValue) ? regionValue.toLowerCase() : 'eu';
  const apiBase = read.matching(
    'ONFIDO_API_URL',
    read.optional('ONFIDO_API_URL') ?? `https://api.${region}.onfido.com/${ONFIDO_API_VERSION}`,
    /^https?:\/\/[^\s?#]+\/v3\.6$/,
    'the API base ending in /v3.6, e.g. https://api.eu.onfido.com/v3.6',
  );
  const tokensText = read.required(
    'ONFIDO_WEBHOOK_TOKENS',
    "the webhook's secret token (two, comma-separated, while rotating)",
  );
  const webhookTokens = (tokensText ?? '').split(',').map((token) => token.trim());
  if (tokensText !== undefined && !webhookTokens.every((token) => /^[A-Za-z0-9_-]{16,}$/.test(token))) {
    read.problems.push(
      "ONFIDO_WEBHOOK_TOKENS must be the webhooks' secret tokens as Onfido shows them, separated by commas",
    );
  }
  const origin =
    read.optional('ONFIDO_REFERRER') ?? (env.PUBLIC_ORIGIN ? `${env.PUBLIC_ORIGIN.replace(/\/+$/, '')}/*` : undefined);
  if (origin === undefined) {
    read.problems.push('ONFIDO_REFERRER must be set, or PUBLIC_ORIGIN (the pages the Onfido Web SDK runs on)');
  }
  return {
    kind: 'onfido',
    apiToken: apiToken ?? '',
    apiBase: apiBase ?? '',
    webhookTokens: tokensText === undefined ? [] : webhookTokens,
    referrer: origin ?? '',
  };
}

const HOUR = 3600;

function exchangeRateApiFrom(read: SettingsReader): ExchangeRateApiSettings {
  const apiBase = read.matching(
    'EXCHANGERATE_API_URL',
    read.optional('EXCHANGERATE_API_URL') ?? 'https://api.exchangerate-api.com/v4',
    /^https?:\/\/[^\s?#]+[^/\s?#]$/,
    "the feed's base URL without a trailing slash, e.g. https://api.exchangerate-api.com/v4",
  );
  const refreshSeconds = read.integer('FX_REFRESH_SECONDS', HOUR, 60, 24 * HOUR);
  const maxAgeSeconds = read.integer('FX_MAX_AGE_SECONDS', 26 * HOUR, 60, 7 * 24 * HOUR);
  if (maxAgeSeconds <= refreshSeconds) {
    read.problems.push(
      'FX_MAX_AGE_SECONDS must be longer than FX_REFRESH_SECONDS (rates would go stale between fetches)',
    );
  }
  return { kind: 'exchangerate-api', apiBase: apiBase ?? '', refreshSeconds, maxAgeSeconds };
}

function ecbReferenceRatesFrom(read: SettingsReader): EcbReferenceRatesSettings {
  const url = read.matching(
    'ECB_RATES_URL',
    read.optional('ECB_RATES_URL') ?? 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
    /^https?:\/\/[^\s?#]+$/,
    "the daily table's URL without a query, e.g. https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
  );
  return { kind: 'ecb', url: url ?? '', refreshSeconds: read.integer('ECB_REFRESH_SECONDS', HOUR, 60, 24 * HOUR) };
}

function idealPostcodesFrom(read: SettingsReader): IdealPostcodesSettings {
  const apiKey = read.matching(
    'IDEAL_POSTCODES_API_KEY',
    read.required('IDEAL_POSTCODES_API_KEY', 'the key ADDRESS_LOOKUP=ideal-postcodes searches with'),
    /^[A-Za-z0-9_-]{4,128}$/,
    "an ideal-postcodes API key (letters, digits, '-' and '_'), e.g. ak_…",
  );
  const apiBase = read.matching(
    'IDEAL_POSTCODES_API_URL',
    read.optional('IDEAL_POSTCODES_API_URL') ?? 'https://api.ideal-postcodes.co.uk/v1',
    /^https?:\/\/[^\s?#]+[^/\s?#]$/,
    "the API's base URL without a trailing slash, e.g. https://api.ideal-postcodes.co.uk/v1",
  );
  return { kind: 'ideal-postcodes', apiKey: apiKey ?? '', apiBase: apiBase ?? '' };
}

const SITE_KEY = /^[A-Za-z0-9_-]{20,100}$/;

function recaptchaFrom(read: SettingsReader, env: NodeJS.ProcessEnv): RecaptchaSettings {
  const secretKey = read.required('RECAPTCHA_SECRET_KEY', 'the secret siteverify checks tokens with');
  const siteKey = (name: string, which: string) =>
    read.matching(name, read.required(name, which), SITE_KEY, "a reCAPTCHA site key (letters, digits, '-' and '_')");
  const siteKeyV2 = siteKey('RECAPTCHA_SITE_KEY_V2', 'the site key of the "I\'m not a robot" checkbox (v2)');
  const siteKeyV3 = siteKey('RECAPTCHA_SITE_KEY_V3', 'the site key of the invisible check (v3)');
  const listed = read.optional('RECAPTCHA_HOSTNAMES');
  const publicHost = env.PUBLIC_ORIGIN ? URL.parse(env.PUBLIC_ORIGIN)?.hostname : undefined;
  const hostnames = listed
    ? listed.split(',').map((host) => host.trim().toLowerCase())
    : publicHost
      ? [publicHost]
      : [];
  if (hostnames.length === 0 || !hostnames.every((host) => HOST.test(host))) {
    read.problems.push(
      'RECAPTCHA_HOSTNAMES must list the host names our pages are served from (or PUBLIC_ORIGIN be set)',
    );
  }
  const verifyUrl = read.matching(
    'RECAPTCHA_VERIFY_URL',
    read.optional('RECAPTCHA_VERIFY_URL') ?? 'https://www.google.com/recaptcha/api/siteverify',
    /^https?:\/\/[^\s?#]+$/,
    'the siteverify URL, e.g. https://www.google.com/recaptcha/api/siteverify',
  );
  return {
    kind: 'recaptcha',
    secretKey: secretKey ?? '',
    siteKeyV2: siteKeyV2 ?? '',
    siteKeyV3: siteKeyV3 ?? '',
    hostnames,
    verifyUrl: verifyUrl ?? '',
  };
}

const URL_WITHOUT_QUERY = /^https?:\/\/[^\s?#]+$/;
const CLAIM = /^[A-Za-z0-9_.:/-]{1,100}$/;

function bankIdOidcFrom(read: SettingsReader): BankIdOidcSettings {
  const issuer = read.matching(
    'BANK_ID_OIDC_ISSUER',
    read.required('BANK_ID_OIDC_ISSUER', "the broker's issuer URL, e.g. https://sarraf.criipto.id"),
    URL_WITHOUT_QUERY,
    'an https:// URL without a query',
  );
  const clientId = read.required('BANK_ID_OIDC_CLIENT_ID', 'the client id the broker gave us');
  const clientSecret = read.required('BANK_ID_OIDC_CLIENT_SECRET', 'the client secret the broker gave us');
  const redirectUri = read.matching(
    'BANK_ID_OIDC_REDIRECT_URI',
    read.required(
      'BANK_ID_OIDC_REDIRECT_URI',
      `our callback registered at the broker: PUBLIC_ORIGIN${OIDC_BANK_ID_CALLBACK_PATH}`,
    ),
    URL_WITHOUT_QUERY,
    'an https:// URL without a query',
  );
  if (redirectUri !== undefined && new URL(redirectUri).pathname !== OIDC_BANK_ID_CALLBACK_PATH) {
    read.problems.push(`BANK_ID_OIDC_REDIRECT_URI must end in ${OIDC_BANK_ID_CALLBACK_PATH} (our callback)`);
  }
  const scope = read.optional('BANK_ID_OIDC_SCOPE') ?? 'openid';
  if (scope.split(' ')[0] !== 'openid') read.problems.push('BANK_ID_OIDC_SCOPE must begin with openid');
  const claim = (name: string, fallback?: string) => {
    const value =
      fallback === undefined ? read.required(name, 'the ID-token claim that holds it') : read.optional(name);
    return read.matching(name, value ?? fallback, CLAIM, 'a claim name') ?? '';
  };
  const acr = (name: string) => read.optional(name)?.split(/\s+/);
  const acrValues: BankIdOidcSettings['acrValues'] = {};
  const se = acr('BANK_ID_OIDC_ACR_VALUES_SE');
  const no = acr('BANK_ID_OIDC_ACR_VALUES_NO');
  if (se) acrValues.SE = se;
  if (no) acrValues.NO = no;
  return {
    kind: 'oidc',
    acrValues,
    issuer: issuer ?? '',
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    redirectUri: redirectUri ?? '',
    scope,
    claims: {
      personalNumber: claim('BANK_ID_OIDC_PERSONAL_NUMBER_CLAIM'),
      givenName: claim('BANK_ID_OIDC_GIVEN_NAME_CLAIM', 'given_name'),
      surname: claim('BANK_ID_OIDC_SURNAME_CLAIM', 'family_name'),
      dateOfBirth: claim('BANK_ID_OIDC_BIRTH_DATE_CLAIM', 'birthdate'),
    },
  };
}

const ADYEN_API_VERSION = 'v71';

/**
 * The card gateway and the bank link: each `sandbox` or `adyen`, both sharing
 * one set of Adyen settings (one merchant account, one webhook). Only the
 * card gateway's browser component needs the client key.
 */
function adyenSettingsFrom(read: SettingsReader): Pick<ProviderSettings, 'cardGateway' | 'bankLink'> {
  const cardGateway = read.choice('cardGateway');
  const bankLink = read.choice('bankLink');
  const adyen = [cardGateway, bankLink].includes('adyen') ? adyenFrom(read, cardGateway === 'adyen') : undefined;
  const pick = (choice: string) => (choice === 'adyen' && adyen ? adyen : sandbox);
  return { cardGateway: pick(cardGateway), bankLink: pick(bankLink) };
}

function adyenFrom(read: SettingsReader, cardComponent: boolean): AdyenSettings {
  const apiKey = read.required('ADYEN_API_KEY', 'the API key of the web-service user Sarraf calls Adyen with');
  const merchantAccount = read.matching(
    'ADYEN_MERCHANT_ACCOUNT',
    read.required('ADYEN_MERCHANT_ACCOUNT', 'the merchant account payments are made to'),
    /^[A-Za-z0-9_-]{1,80}$/,
    'a merchant account name (letters, digits, _ and -)',
  );
  const clientKey = read.matching(
    'ADYEN_CLIENT_KEY',
    cardComponent
      ? read.required('ADYEN_CLIENT_KEY', "the client key the browser's card component starts with")
      : read.optional('ADYEN_CLIENT_KEY'),
    /^(test|live)_[A-Z0-9]{20,64}$/,
    'a client key such as test_ABC… or live_ABC…',
  );
  const environment = adyenEnvironment(read);
  if (clientKey && !clientKey.startsWith(`${environment}_`)) {
    read.problems.push(`ADYEN_CLIENT_KEY must be a ${environment}_ key for ADYEN_ENVIRONMENT=${environment}`);
  }
  const prefix = read.matching(
    'ADYEN_LIVE_URL_PREFIX',
    environment === 'live'
      ? read.required('ADYEN_LIVE_URL_PREFIX', "the live endpoint prefix in the Customer Area's API URLs")
      : read.optional('ADYEN_LIVE_URL_PREFIX'),
    /^[a-z0-9]+-[A-Za-z0-9]+$/,
    'the live endpoint prefix, e.g. 1797a841fbb37ca7-AdyenDemo',
  );
  const defaultBase =
    environment === 'live'
      ? `https://${prefix ?? 'missing'}-checkout-live.adyenpayments.com/checkout/${ADYEN_API_VERSION}`
      : `https://checkout-test.adyen.com/${ADYEN_API_VERSION}`;
  const checkoutBase = read.matching(
    'ADYEN_CHECKOUT_URL',
    read.optional('ADYEN_CHECKOUT_URL') ?? defaultBase,
    /^https?:\/\/[^\s?#]+\/v71$/,
    'the Checkout API base ending in /v71',
  );
  const hmacKeys = adyenHmacKeys(read, 'ADYEN_HMAC_KEYS', "the standard webhook's HMAC key");
  return {
    kind: 'adyen',
    apiKey: apiKey ?? '',
    merchantAccount: merchantAccount ?? '',
    clientKey: clientKey ?? '',
    environment,
    checkoutBase: checkoutBase ?? defaultBase,
    hmacKeys,
  };
}

/** `ADYEN_ENVIRONMENT`, shared by every Adyen adapter (its problem said once): `test` unless it says `live`. */
function adyenEnvironment(read: SettingsReader): 'test' | 'live' {
  const value = read.optional('ADYEN_ENVIRONMENT') ?? 'test';
  const problem = `ADYEN_ENVIRONMENT must be test or live, not '${value}'`;
  if (value !== 'test' && value !== 'live' && !read.problems.includes(problem)) read.problems.push(problem);
  return value === 'live' ? 'live' : 'test';
}

/** A webhook's HMAC keys as the Customer Area shows them (hex; two, comma-separated, while rotating), as bytes. */
function adyenHmacKeys(read: SettingsReader, name: string, which: string): Buffer[] {
  const text = read.required(name, `${which} (two, comma-separated, while rotating)`);
  if (text === undefined) return [];
  const keys = text.split(',').map((key) => key.trim());
  if (!keys.every((key) => /^(?:[0-9A-Fa-f]{2}){32,}$/.test(key))) {
    read.problems.push(`${name} must be the hex HMAC keys the Customer Area shows, separated by commas`);
    return [];
  }
  return keys.map((key) => Buffer.from(key, 'hex'));
}

const ADYEN_TRANSFERS_VERSION = 'v4';

/**
 * The payout seams: `PAYOUT_PARTNER=adyen` (bank payouts through Adyen's
 * Transfers API) and `PAYOUT_CARDS=off` (no card payouts offered).
 */
function payoutSettingsFrom(read: SettingsReader): Pick<ProviderSettings, 'payoutCards' | 'payoutPartner'> {
  const payoutCards: ProviderSettings['payoutCards'] = read.choice('payoutCards') === 'off' ? { kind: 'off' } : sandbox;
  if (read.choice('payoutPartner') !== 'adyen') return { payoutCards, payoutPartner: sandbox };
  const apiKey = read.required(
    'ADYEN_TRANSFERS_API_KEY',
    'the API key of the Balance Platform credential PAYOUT_PARTNER=adyen pays out with',
  );
  const balanceAccountId = read.matching(
    'ADYEN_BALANCE_ACCOUNT_ID',
    read.required('ADYEN_BALANCE_ACCOUNT_ID', 'the balance account payouts are paid from'),
    /^BA[A-Za-z0-9]{10,40}$/,
    'a balance account id, BA followed by letters and digits',
  );
  const environment = adyenEnvironment(read);
  const defaultBase = `https://balanceplatform-api-${environment}.adyen.com/btl/${ADYEN_TRANSFERS_VERSION}`;
  const transfersBase = read.matching(
    'ADYEN_TRANSFERS_URL',
    read.optional('ADYEN_TRANSFERS_URL') ?? defaultBase,
    /^https?:\/\/[^\s?#]+\/v4$/,
    'the Transfers API base ending in /v4',
  );
  const hmacKeys = adyenHmacKeys(read, 'ADYEN_TRANSFERS_HMAC_KEYS', "the transfer webhooks' HMAC key");
  return {
    payoutCards,
    payoutPartner: {
      kind: 'adyen',
      apiKey: apiKey ?? '',
      balanceAccountId: balanceAccountId ?? '',
      transfersBase: transfersBase ?? defaultBase,
      hmacKeys,
    },
  };
}

function webPushFrom(read: SettingsReader, env: NodeJS.ProcessEnv): WebPushChoice {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
    read.problems.push(
      'PUSH=webpush needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the key pair browsers subscribed with)',
    );
  }
  return { kind: 'webpush' };
}

/** The real adapters' addresses that production requires to be https (tests point them at this machine). */
export function plainHttpProviderUrls(settings: ProviderSettings): string[] {
  const urls: Array<[string, string | undefined]> = [
    ['TWILIO_API_BASE', settings.sms.kind === 'twilio' ? settings.sms.apiBase : undefined],
    ['EXCHANGERATE_API_URL', settings.fxRates.kind === 'exchangerate-api' ? settings.fxRates.apiBase : undefined],
    ['ECB_RATES_URL', settings.referenceRates.kind === 'ecb' ? settings.referenceRates.url : undefined],
    [
      'IDEAL_POSTCODES_API_URL',
      settings.addressBook.kind === 'ideal-postcodes' ? settings.addressBook.apiBase : undefined,
    ],
    ['RECAPTCHA_VERIFY_URL', settings.captcha.kind === 'recaptcha' ? settings.captcha.verifyUrl : undefined],
    ['BANK_ID_OIDC_ISSUER', settings.bankId.kind === 'oidc' ? settings.bankId.issuer : undefined],
    ['BANK_ID_OIDC_REDIRECT_URI', settings.bankId.kind === 'oidc' ? settings.bankId.redirectUri : undefined],
    ['ADYEN_CHECKOUT_URL', adyenOf(settings)?.checkoutBase],
    ['ADYEN_TRANSFERS_URL', settings.payoutPartner.kind === 'adyen' ? settings.payoutPartner.transfersBase : undefined],
    ['ONFIDO_API_URL', onfidoOf(settings)?.apiBase],
  ];
  return urls.filter(([, url]) => url !== undefined && !url.startsWith('https://')).map(([name]) => name);
}

/** The variables of the seams still on their sandbox adapter, in `SEAMS` order. */
export function sandboxSeams(settings: ProviderSettings): string[] {
  return (Object.keys(SEAMS) as Seam[])
    .filter((seam) => settings[seam].kind === 'sandbox')
    .map((seam) => SEAMS[seam].variable);
}

/** One line saying which adapters serve: the server's first log line. */
export function describeProviders(settings: ProviderSettings): string {
  const onSandbox = sandboxSeams(settings);
  const total = Object.keys(SEAMS).length;
  if (onSandbox.length === total) return `providers: sandbox for all ${total} (nothing leaves this machine)`;
  const real = (Object.keys(SEAMS) as Seam[])
    .filter((seam) => settings[seam].kind !== 'sandbox')
    .map((seam) => `${SEAMS[seam].variable}=${settings[seam].kind}`);
  return `providers: ${real.join(', ')}; sandbox: ${onSandbox.length > 0 ? onSandbox.join(', ') : 'none'}`;
}

/** The Onfido settings, when any identity seam uses Onfido (they share one set). */
export function onfidoOf(settings: ProviderSettings): OnfidoSettings | undefined {
  for (const seam of ['documents', 'identityCapture', 'watchlist', 'twoPlusTwo'] as const) {
    const chosen = settings[seam];
    if (chosen.kind === 'onfido') return chosen;
  }
  return undefined;
}

/** The Adyen settings the card gateway or the bank link is on, if either is. */
export function adyenOf(settings: ProviderSettings): AdyenSettings | undefined {
  for (const seam of ['cardGateway', 'bankLink'] as const) {
    const chosen = settings[seam];
    if (chosen.kind === 'adyen') return chosen;
  }
  return undefined;
}
