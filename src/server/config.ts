import { randomBytes } from 'node:crypto';
import type { FeatureFlags } from '../domain/feature-flags.ts';
import { CANCELLATION_RIGHT_SECONDS } from '../domain/transfers.ts';
import { type DocumentMasterKeys, documentMasterKeysFrom } from './document-master-keys.ts';
import { featureFlagsFrom } from './feature-flag-settings.ts';
import { type TrustedProxies, trustedProxiesFrom } from './http/trusted-proxies.ts';
import {
  type ErrorReportingSettings,
  errorReportingFrom,
} from './providers/error-reporting/error-reporting-settings.ts';
import {
  ConfigProblems,
  onfidoOf,
  type ProviderSettings,
  plainHttpProviderUrls,
  providerSettingsFrom,
  sandboxSeams,
} from './providers/provider-settings.ts';
import { type TracingSettings, tracingSettingsFrom } from './tracing/tracing-settings.ts';

/** Configuration read once from the environment at start; nothing else reads process.env. */
export interface Config {
  port: number;
  /**
   * The port `GET /metrics` (Prometheus) is served on, apart from the app's so that only the deployment's inner
   * network reaches it (METRICS_PORT); undefined: no metrics are kept or served.
   */
  metricsPort: number | undefined;
  /**
   * Whether the server brings the schema to the latest migration as it starts (MIGRATE_ON_START). True by default
   * (`npm start`, one server); false by default with SARRAF_ENV=production, where `npm run migrate` is a deploy
   * step of its own and a server whose schema is behind its code refuses to start.
   */
  migrateOnStart: boolean;
  /** PostgreSQL URL; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** How the server's PostgreSQL connections behave (pool size, timeouts, application name). */
  postgres: DatabaseSettings;
  /**
   * Seconds between the start of a graceful shutdown (SIGTERM) and its closing of the listener, while
   * `/readyz` already answers 503 and every call is still served: time for a load balancer to stop sending.
   */
  shutdownDrainSeconds: number;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /** PGlite on a directory flushes each commit to disk; PGLITE_FSYNC=off turns that off (faster, not crash-proof). */
  pgliteFsync: boolean;
  /**
   * The outside services the browser talks to itself (ANALYTICS_URL, ERROR_REPORTING_URL, SUPPORT_CHAT_URL):
   * each the configured address, else the sandbox's page with SANDBOX=true, else off (undefined). The client
   * learns them from `GET /api/locator/client-providers`.
   */
  clientServices: ClientServices;
  /** Where the server's and the browser's errors are reported (ERROR_REPORTING, SENTRY_DSN): off by default. */
  errorReporting: ErrorReportingSettings;
  /** Whether the API's calls are traced and where the spans go (TRACING, OTEL_EXPORTER_OTLP_ENDPOINT): off by default. */
  tracing: TracingSettings;
  /**
   * SPEC §9's configuration flags (PROMO_CODES, QR_SCAN, MOBILE_PAYOUT_CONFIRM_MOBILE, CONFIRM_REVIEW_PAYOUT_TYPES,
   * NEW_PAYOUT_METHOD_HINT_UNTIL and the flags the product has one value of): the SPEC's values unless set.
   */
  features: FeatureFlags;
  /** Sandbox providers and their pages and inspection endpoints (message outbox); only when SANDBOX=true. */
  sandbox: boolean;
  /** SARRAF_ENV=production: the server refuses unsafe settings at start (see `assertSafeForProduction`). */
  production: boolean;
  /** The address customers reach us at (https in production), e.g. behind a TLS-terminating proxy. */
  publicOrigin: string | undefined;
  /**
   * How many proxies in front of us append to X-Forwarded-For / X-Forwarded-Proto. Those headers
   * are believed only that many hops deep; 0 (the default) believes none.
   */
  trustedProxyHops: number;
  /**
   * The peers whose forwarding headers are believed (TRUSTED_PROXY_ADDRESSES): from any other
   * peer they are ignored whatever TRUSTED_PROXY_HOPS says. Empty by default, so hops ≥ 1 needs it.
   */
  trustedProxies: TrustedProxies;
  /** Built PWA to serve; undefined serves the API only. */
  staticDir: string | undefined;
  /** API_DOCS: the OpenAPI description (GET /api/openapi.json) and its reference page (/api/docs); off in production unless true. */
  apiDocs: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** argon2id cost of new password hashes; existing hashes are rehashed at sign-in when it changes */
  passwordHashing: PasswordHashingCost;
  logLevel: string;
  /** Seconds between the sandbox payout partner's status steps. */
  payoutStepSeconds: number;
  /** How long a quote's rate holds, in seconds. */
  quoteTtlSeconds: number;
  /** How long after paying a US sender may cancel a transfer, in seconds (the law's 30 minutes by default). */
  cancellationRightSeconds: number;
  /** Whether a transfer its sender may still cancel waits for that right to end before the payout partner gets it. */
  holdPayoutForCancellation: boolean;
  /** How long a rate quoted for converting between a customer's wallets holds, in seconds. */
  conversionRateTtlSeconds: number;
  /**
   * Seconds after a card payment attempt starts (and between later checks
   * while it waits for 3-D Secure) before the outbox asks the gateway about
   * it, so an attempt a crash left open is settled without the customer.
   */
  paymentReconcileSeconds: number;
  /**
   * How long an outbox worker's claim on an event holds unless renewed (a
   * third of it apart while the handler runs): the events of a worker that
   * died are taken over this long after its last renewal.
   */
  outboxLeaseSeconds: number;
  /** Sandbox only: how long the sandbox card gateway's answer to an authorization takes to come back, in ms. */
  sandboxGatewayLatencyMs: number;
  /**
   * Sandbox only: whether the sandbox card gateway sends its signed payment notification when a 3-D Secure
   * challenge is answered (SANDBOX_GATEWAY_WEBHOOKS, `on` unless `off`). Off, payments move only when the
   * browser comes back or the reconciler asks, as when a real gateway's webhook is lost.
   */
  sandboxGatewayWebhooks: boolean;
  /** Sandbox only: how long the sandbox document provider's manual review takes, in seconds. */
  sandboxDocumentReviewSeconds: number;
  /**
   * The VAPID key pair that signs web pushes (base64url, as `web-push generate-vapid-keys` prints them) and
   * the contact the push services may write to. Generated once and kept: a new pair orphans every
   * subscription. Undefined without VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: the sandbox then makes an
   * ephemeral pair at start, and production refuses to start.
   */
  vapid: VapidConfig | undefined;
  /**
   * The key quotes are signed with (HMAC-SHA256; a quote is a signed token, `quote-token.ts`), from
   * QUOTE_SIGNING_KEY (base64url, at least 32 bytes; every server of one deployment shares it). Without
   * it a fresh random key is made at start — quotes given before a restart then no longer hold — and
   * production refuses to start.
   */
  quoteSigningKey: Buffer;
  /** Whether QUOTE_SIGNING_KEY was set (production requires it). */
  quoteSigningKeyConfigured: boolean;
  /**
   * The key the OAuth-style API signs a finished registration's hand-over with (an HS256 JWT that
   * `jwt2auth` exchanges for a session; `modules/oauth/auth-handoff.ts`), from AUTH_HANDOFF_KEY
   * (base64url, at least 32 bytes; every server of one deployment shares it). Without it a random key
   * is made at start and production refuses to start.
   */
  authHandoffKey: Buffer;
  /** Whether AUTH_HANDOFF_KEY was set (production requires it). */
  authHandoffKeyConfigured: boolean;
  /**
   * The master keys that wrap each verification document's own key, by id (`document-master-keys.ts`), and the
   * id new documents are wrapped with: DOCUMENT_MASTER_KEYS and DOCUMENT_MASTER_KEY_ID (DOCUMENT_ENCRYPTION_KEY,
   * the single key of earlier releases, is still read as the key `legacy`). Without any a key is made at
   * start: documents then open only until a restart, so production refuses to start.
   */
  documentKeys: DocumentMasterKeys;
  /**
   * Where the encrypted document files are kept (DOCUMENT_STORE): `database` (a table of the database every
   * replica shares; the default with DATABASE_URL) or `file` (the data directory, for the embedded database
   * only; production refuses it).
   */
  documentStore: 'database' | 'file';
  /**
   * The secret the identity-capture provider signs its callbacks with (IDENTITY_CALLBACK_SECRET,
   * base64url, at least 32 bytes). Without it one is made at start (the sandbox provider signs with the
   * same config), and production refuses to start.
   */
  identityCallbackSecret: { key: Uint8Array; ephemeral: boolean };
  /**
   * The keys the card gateway's payment notifications are signed with (PAYMENT_WEBHOOK_KEYS: base64url keys of
   * at least 32 bytes, separated by commas). Every one is accepted, so a key is rotated by adding the new one,
   * moving the gateway to it, then removing the old; the sandbox gateway signs with the first. Without it one is
   * made at start, and production refuses to start.
   */
  paymentWebhookKeys: { keys: Uint8Array[]; ephemeral: boolean };
  /** Who passkeys belong to: see `webAuthnFrom`. */
  webAuthn: WebAuthnConfig;
  /** Which adapter serves each outside service, with its settings (`providers/provider-settings.ts`). */
  providers: ProviderSettings;
}

const CALLBACK_SECRET_MIN_BYTES = 32;

function callbackSecretFrom(value: string | undefined): Config['identityCallbackSecret'] {
  if (!value) return { key: randomBytes(CALLBACK_SECRET_MIN_BYTES), ephemeral: true };
  const key = Buffer.from(value, 'base64url');
  if (key.length < CALLBACK_SECRET_MIN_BYTES) {
    throw new Error(`IDENTITY_CALLBACK_SECRET must be at least ${CALLBACK_SECRET_MIN_BYTES} bytes, base64url`);
  }
  return { key, ephemeral: false };
}

function webhookKeysFrom(value: string | undefined): Config['paymentWebhookKeys'] {
  if (!value) return { keys: [randomBytes(CALLBACK_SECRET_MIN_BYTES)], ephemeral: true };
  const keys = value.split(',').map((item) => Buffer.from(item.trim(), 'base64url'));
  if (keys.some((key) => key.length < CALLBACK_SECRET_MIN_BYTES)) {
    throw new Error(`PAYMENT_WEBHOOK_KEYS: each key must be at least ${CALLBACK_SECRET_MIN_BYTES} bytes, base64url`);
  }
  return { keys, ephemeral: false };
}

export interface WebAuthnConfig {
  /** the relying party id passkeys are bound to: a domain, never an IP address */
  rpId: string;
  /** the name authenticators show */
  rpName: string;
  /** the page origins a passkey ceremony may come from */
  origins: string[];
}

/**
 * WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS (comma-separated) when set; else the
 * host and origin of PUBLIC_ORIGIN; else localhost on our port (the sandbox).
 */
function webAuthnFrom(env: NodeJS.ProcessEnv, publicOrigin: string | undefined, port: number): WebAuthnConfig {
  const origins = env.WEBAUTHN_ORIGINS
    ? env.WEBAUTHN_ORIGINS.split(',').map((origin) => new URL(origin.trim()).origin)
    : [publicOrigin ? new URL(publicOrigin).origin : `http://localhost:${port}`];
  const rpId = env.WEBAUTHN_RP_ID || new URL(origins[0] as string).hostname;
  return { rpId, rpName: 'Sarraf', origins };
}

function documentStoreFrom(value: string | undefined, databaseUrl: string | undefined): Config['documentStore'] {
  if (!value) return databaseUrl ? 'database' : 'file';
  if (value === 'database' || value === 'file') return value;
  throw new Error(`DOCUMENT_STORE must be database or file, not '${value}'`);
}

export interface DatabaseSettings {
  poolSize: number;
  jobsPoolSize: number;
  applicationName: string;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  connectTimeoutMs: number;
}

/** Defaults for one small machine: a call never waits on the database past these. */
function databaseSettingsFrom(env: NodeJS.ProcessEnv): DatabaseSettings {
  return {
    poolSize: intFrom(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE') || 1,
    jobsPoolSize: intFrom(env.DATABASE_JOBS_POOL_SIZE, 4, 'DATABASE_JOBS_POOL_SIZE') || 1,
    applicationName: env.DATABASE_APPLICATION_NAME || 'sarraf',
    statementTimeoutMs: intFrom(env.DATABASE_STATEMENT_TIMEOUT_MS, 15_000, 'DATABASE_STATEMENT_TIMEOUT_MS'),
    idleInTransactionTimeoutMs: intFrom(
      env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      30_000,
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    ),
    connectTimeoutMs: intFrom(env.DATABASE_CONNECT_TIMEOUT_MS, 5_000, 'DATABASE_CONNECT_TIMEOUT_MS'),
  };
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact for the push services */
  subject: string;
}

function vapidFrom(env: NodeJS.ProcessEnv): VapidConfig | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY;
  const privateKey = env.VAPID_PRIVATE_KEY;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  const subject = env.VAPID_SUBJECT || 'mailto:push@sarraf.example';
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https:// address');
  return { publicKey, privateKey, subject };
}

const QUOTE_SIGNING_KEY_MIN_BYTES = 32;

/** A signing key from its variable (base64url, at least 32 bytes); undefined when unset. */
function signingKeyFrom(name: string, value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const key = Buffer.from(value, 'base64url');
  if (key.length < QUOTE_SIGNING_KEY_MIN_BYTES) {
    throw new Error(`${name} must be at least ${QUOTE_SIGNING_KEY_MIN_BYTES} bytes, base64url`);
  }
  return key;
}

export interface PasswordHashingCost {
  /** KiB */
  memoryCost: number;
  /** passes */
  timeCost: number;
  parallelism: number;
}

/** The argon2 library's own defaults for argon2id (64 MiB, 3 passes, 4 lanes). */
const PASSWORD_HASHING_DEFAULT: PasswordHashingCost = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };

function booleanFrom(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${name} must be true or false`);
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

/**
 * What is wrong with the proxy settings, if anything: trusted hops and no
 * trusted proxy believes no forwarding header, so every customer behind the
 * proxy would count as the proxy's one address.
 */
export function proxySetupProblem(config: Config): string | undefined {
  if (config.trustedProxyHops === 0 || config.trustedProxies.entries.length > 0) return undefined;
  return `TRUSTED_PROXY_HOPS is ${config.trustedProxyHops} but TRUSTED_PROXY_ADDRESSES is empty: no forwarding header is believed, and every request counts as coming from its connection's peer`;
}

/**
 * In production (SARRAF_ENV=production) the server will not start with the
 * sandbox pages on, any provider on its sandbox adapter, the embedded
 * database, without an https public origin or without a trusted proxy in
 * front (the TLS, HSTS and client addresses are its): customers' money and
 * documents never travel in clear, no sandbox page is reachable and nothing
 * a customer is promised stays on this machine. Throws `ConfigProblems`, one
 * line per problem.
 */
export function assertSafeForProduction(config: Config): void {
  const problems = productionProblems(config);
  if (problems.length > 0)
    throw new ConfigProblems(problems.map((problem) => `refusing to start in production: ${problem}`));
}

/** What `assertSafeForProduction` refuses, one line each; nothing outside production. */
export function productionProblems(config: Config): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (config.sandbox) problems.push('SANDBOX=true mounts the sandbox pages under /sandbox');
  if (!config.databaseUrl)
    problems.push('DATABASE_URL must be set: production runs on PostgreSQL, not the embedded PGlite');
  for (const variable of sandboxSeams(config.providers)) {
    problems.push(`${variable} is sandbox: nothing would reach a real provider`);
  }
  for (const variable of plainHttpProviderUrls(config.providers)) problems.push(`${variable} must be https://`);
  if (onfidoOf(config.providers)?.apiToken.startsWith('api_sandbox.')) {
    problems.push("ONFIDO_API_TOKEN must be a live token (api_live…): a sandbox token's checks are not real");
  }
  if (config.errorReporting.kind === 'sentry' && !config.errorReporting.dsn.startsWith('https://')) {
    problems.push('SENTRY_DSN must be https://');
  }
  if (!config.publicOrigin?.startsWith('https://')) {
    problems.push('PUBLIC_ORIGIN must be the https:// address customers use (TLS in front of the server)');
  }
  if (!config.vapid) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set (web push)');
  if (!config.quoteSigningKeyConfigured) problems.push('QUOTE_SIGNING_KEY must be set (quotes are signed with it)');
  if (!config.authHandoffKeyConfigured) {
    problems.push('AUTH_HANDOFF_KEY must be set (finished registrations are handed to the main API with it)');
  }
  if (config.documentKeys.ephemeral) {
    problems.push('DOCUMENT_MASTER_KEYS must be set (they wrap the keys of verification documents)');
  }
  // without DATABASE_URL the store is the file store too, refused already with the embedded database
  if (config.documentStore === 'file' && config.databaseUrl) {
    problems.push("DOCUMENT_STORE=file keeps documents on one server's disk: use database");
  }
  if (config.identityCallbackSecret.ephemeral) {
    problems.push('IDENTITY_CALLBACK_SECRET must be set (identity-capture callbacks)');
  }
  if (config.paymentWebhookKeys.ephemeral && config.providers.cardGateway.kind === 'sandbox') {
    problems.push('PAYMENT_WEBHOOK_KEYS must be set (the card gateway signs its payment notifications with them)');
  }
  if (config.trustedProxyHops === 0) {
    problems.push(
      'TRUSTED_PROXY_HOPS and TRUSTED_PROXY_ADDRESSES must name the TLS-terminating proxy in front (the server speaks plain http): without them no answer carries HSTS and every customer counts as the proxy’s one address',
    );
  }
  const proxyProblem = proxySetupProblem(config);
  if (proxyProblem) problems.push(proxyProblem);
  return problems;
}

export interface ClientServices {
  analyticsUrl: string | undefined;
  errorReportingUrl: string | undefined;
  supportChatUrl: string | undefined;
}

/** The sandbox's collectors and chat, on our own origin (providers/sandbox-app.ts). */
export const SANDBOX_CLIENT_SERVICES: ClientServices = {
  analyticsUrl: '/sandbox/analytics/events',
  errorReportingUrl: '/sandbox/error-reports',
  supportChatUrl: '/sandbox/chat/messages',
};

function clientServiceUrl(name: string, value: string | undefined, sandboxUrl: string, sandbox: boolean) {
  if (!value) return sandbox ? sandboxUrl : undefined;
  if (value === 'off') return undefined;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ConfigProblems([`${name} must be an http(s) URL or off, not '${value}'`]);
  }
  return url.href;
}

function clientServicesFrom(env: NodeJS.ProcessEnv, sandbox: boolean): ClientServices {
  const own = SANDBOX_CLIENT_SERVICES;
  return {
    analyticsUrl: clientServiceUrl('ANALYTICS_URL', env.ANALYTICS_URL, own.analyticsUrl as string, sandbox),
    // with ERROR_REPORTING=sentry the browser reports to SENTRY_DSN instead (error-reporting-settings.ts)
    errorReportingUrl:
      env.ERROR_REPORTING === 'sentry'
        ? undefined
        : clientServiceUrl('ERROR_REPORTING_URL', env.ERROR_REPORTING_URL, own.errorReportingUrl as string, sandbox),
    supportChatUrl: clientServiceUrl('SUPPORT_CHAT_URL', env.SUPPORT_CHAT_URL, own.supportChatUrl as string, sandbox),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 8080, 'PORT');
  const quoteSigningKey = signingKeyFrom('QUOTE_SIGNING_KEY', env.QUOTE_SIGNING_KEY);
  const authHandoffKey = signingKeyFrom('AUTH_HANDOFF_KEY', env.AUTH_HANDOFF_KEY);
  const production = env.SARRAF_ENV === 'production';
  return {
    port,
    metricsPort: env.METRICS_PORT ? intFrom(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined,
    migrateOnStart: booleanFrom(env.MIGRATE_ON_START, !production, 'MIGRATE_ON_START'),
    databaseUrl: env.DATABASE_URL || undefined,
    postgres: databaseSettingsFrom(env),
    shutdownDrainSeconds: intFrom(env.SHUTDOWN_DRAIN_SECONDS, 0, 'SHUTDOWN_DRAIN_SECONDS'),
    dataDir: env.DATA_DIR || './data',
    pgliteFsync: env.PGLITE_FSYNC !== 'off',
    sandbox: env.SANDBOX === 'true',
    clientServices: clientServicesFrom(env, env.SANDBOX === 'true'),
    errorReporting: errorReportingFrom(env),
    tracing: tracingSettingsFrom(env),
    production,
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    trustedProxyHops: intFrom(env.TRUSTED_PROXY_HOPS, 0, 'TRUSTED_PROXY_HOPS'),
    trustedProxies: trustedProxiesFrom(env.TRUSTED_PROXY_ADDRESSES),
    staticDir: env.STATIC_DIR ?? 'dist',
    apiDocs: booleanFrom(env.API_DOCS, !production, 'API_DOCS'),
    sessionIdleMinutes: intFrom(env.SESSION_IDLE_MINUTES, 60, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: intFrom(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS'),
    passwordHashing: PASSWORD_HASHING_DEFAULT,
    logLevel: env.LOG_LEVEL || 'info',
    payoutStepSeconds: intFrom(env.PAYOUT_STEP_SECONDS, 20, 'PAYOUT_STEP_SECONDS'),
    quoteTtlSeconds: intFrom(env.QUOTE_TTL_SECONDS, 600, 'QUOTE_TTL_SECONDS'),
    cancellationRightSeconds: intFrom(
      env.CANCELLATION_RIGHT_SECONDS,
      CANCELLATION_RIGHT_SECONDS,
      'CANCELLATION_RIGHT_SECONDS',
    ),
    holdPayoutForCancellation: booleanFrom(env.PAYOUT_HOLD_FOR_CANCELLATION, true, 'PAYOUT_HOLD_FOR_CANCELLATION'),
    conversionRateTtlSeconds: intFrom(env.CONVERSION_RATE_TTL_SECONDS, 60, 'CONVERSION_RATE_TTL_SECONDS'),
    paymentReconcileSeconds: intFrom(env.PAYMENT_RECONCILE_SECONDS, 30, 'PAYMENT_RECONCILE_SECONDS'),
    outboxLeaseSeconds: intFrom(env.OUTBOX_LEASE_SECONDS, 3, 'OUTBOX_LEASE_SECONDS') || 1,
    sandboxGatewayLatencyMs: intFrom(env.SANDBOX_GATEWAY_LATENCY_MS, 0, 'SANDBOX_GATEWAY_LATENCY_MS'),
    sandboxGatewayWebhooks: env.SANDBOX_GATEWAY_WEBHOOKS !== 'off',
    sandboxDocumentReviewSeconds: intFrom(env.SANDBOX_DOCUMENT_REVIEW_SECONDS, 60, 'SANDBOX_DOCUMENT_REVIEW_SECONDS'),
    vapid: vapidFrom(env),
    quoteSigningKey: quoteSigningKey ?? randomBytes(QUOTE_SIGNING_KEY_MIN_BYTES),
    quoteSigningKeyConfigured: quoteSigningKey !== undefined,
    authHandoffKey: authHandoffKey ?? randomBytes(QUOTE_SIGNING_KEY_MIN_BYTES),
    authHandoffKeyConfigured: authHandoffKey !== undefined,
    documentKeys: documentMasterKeysFrom(env),
    documentStore: documentStoreFrom(env.DOCUMENT_STORE, env.DATABASE_URL || undefined),
    identityCallbackSecret: callbackSecretFrom(env.IDENTITY_CALLBACK_SECRET),
    paymentWebhookKeys: webhookKeysFrom(env.PAYMENT_WEBHOOK_KEYS),
    webAuthn: webAuthnFrom(env, env.PUBLIC_ORIGIN || undefined, port),
    providers: providerSettingsFrom(env),
    features: featureFlagsFrom(env),
  };
}

/** A config for tests: in-memory database, sandbox on, no static files. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    sandbox: true,
    clientServices: SANDBOX_CLIENT_SERVICES,
    dataDir: 'memory://',
    staticDir: undefined,
    logLevel: 'silent',
    // a cheap argon2id: tests check behaviour, not cost
    passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    // API tests see payments move by the browser's return and the reconciler unless they turn the gateway's
    // notifications on (tests/server/payins/payment-webhooks.test.ts); the end-to-end tests run with them on
    sandboxGatewayWebhooks: false,
    ...overrides,
  };
}
