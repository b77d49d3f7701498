import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../support/databases.ts';
import { ENDPOINT_ENTRIES } from '../../support/endpoint-entries.ts';
import { type KnownAddress, LocalIdealPostcodes } from '../../support/local-ideal-postcodes.ts';
import { type CollectedSpan, LocalOtlpCollector } from '../../support/local-otlp-collector.ts';
import { type ServerProcess, startServer } from '../crash/server-process.ts';
import { onboardingAnswers } from '../verification/verification-fixtures.ts';

const TRACED_PORT = 18_496;
const UNTRACED_PORT = 18_497;
const MAIN = '/api/main';
const SERVER_SPAN = 2;
const CLIENT_SPAN = 3;
const CONSUMER_SPAN = 5;
/** how long a server process may take to start: minutes when the machine's cores are shared by many test runs */
const START_MS = 240_000;

/** What this test's customer is: none of it may reach the collector. */
const PERSON = {
  email: 'zahra.quxworth@example.test',
  password: 'Kx7secretpass',
  mobile: '+447911123456',
  firstName: 'Zahraya',
  surname: 'Quxworth-Abdirahman',
  /** the caller's address, as the trusted proxy forwards it */
  address: '203.0.113.77',
  userAgent: 'ZahrayaPhone/7.1',
  /** what they type in the address search, and the ideal-postcodes key it is sent with */
  addressSearch: 'roskear camborne',
  apiKeyOf: (local: LocalIdealPostcodes) => local.apiKey,
};

const ADDRESS: KnownAddress = {
  id: 'paf_8387729',
  udprn: 8_387_729,
  line_1: 'Flat 6',
  line_2: '12 Roskear',
  line_3: '',
  post_town: 'Camborne',
  postcode: 'TR14 8DN',
  country: 'England',
  country_iso_2: 'GB',
};

/** An incoming W3C trace context, as a caller (a browser's tracing, a gateway) sends it. */
const CALLER_TRACE_ID = randomBytes(16).toString('hex');
const CALLER_SPAN_ID = randomBytes(8).toString('hex');
const TRACEPARENT = `00-${CALLER_TRACE_ID}-${CALLER_SPAN_ID}-01`;

interface Answer {
  status: number;
  body: any;
}

const serverEnv = (extra: Record<string, string>) => ({
  DATA_DIR: 'memory://',
  DATABASE_URL: '',
  SANDBOX: 'true',
  TRUSTED_PROXY_HOPS: '1',
  TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
  ...extra,
});

/**
 * A server process started with TRACING on and an OTLP collector started here: the spans it exports name each call
 * by its endpoint-table entry, take their parent from an incoming `traceparent`, pass it on to providers, and carry
 * nothing of the customer's. Without the variables, the same server loads no OpenTelemetry module at all.
 */
describe('traces exported over OTLP', () => {
  let collector: LocalOtlpCollector;
  let provider: LocalIdealPostcodes;
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const folder = mkdtempSync(join(tmpdir(), 'sarraf-tracing-'));
  const recorder = pathToFileURL(join(import.meta.dirname, 'record-imports.mjs')).href;
  const importsOf = (log: string) => readFileSync(log, 'utf8').split('\n').filter(Boolean);

  beforeAll(async () => {
    collector = await LocalOtlpCollector.start();
    provider = await LocalIdealPostcodes.start();
    provider.addresses = [ADDRESS];
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) await server.kill();
    await collector?.close();
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function call(
    base: string,
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      'x-forwarded-for': PERSON.address,
      'user-agent': PERSON.userAgent,
      ...init.headers,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  function expectAnswer(answer: Answer, status: number): void {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  }

  /** The newest six-digit code the sandbox sent to `to`, once the outbox has delivered one. */
  async function codeSentTo(base: string, to: string): Promise<string> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const res = await call(base, 'GET', `/sandbox/messages?to=${encodeURIComponent(to)}`);
      const code = /\b(\d{6})\b/.exec(res.body?.data?.[0]?.body ?? '')?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no code reached ${to}`);
  }

  it(
    'exports spans named by endpoint-table entry, parented by an incoming traceparent, with no personal data',
    async () => {
      // PostgreSQL when the suite has one (the pg instrumentation's spans); the embedded PGlite has no driver to trace
      database = process.env.TEST_DATABASE_URL ? await createTestDatabase('postgres') : undefined;
      const log = join(folder, 'traced-imports.log');
      server = await startServer(
        TRACED_PORT,
        serverEnv({
          ...(database?.url ? { DATABASE_URL: database.url } : {}),
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
          OTEL_BSP_SCHEDULE_DELAY: '100',
          ADDRESS_LOOKUP: 'ideal-postcodes',
          IDEAL_POSTCODES_API_KEY: provider.apiKey,
          IDEAL_POSTCODES_API_URL: provider.settings().apiBase,
          NODE_OPTIONS: `--import ${recorder}`,
          IMPORTS_LOG: log,
        }),
        START_MS,
      );
      const { base } = server;

      // sign-up by e-mail, with the code the sandbox e-mailed
      const sent = await call(base, 'POST', '/api/oauth/email/send', {
        body: {
          email: PERSON.email,
          password: PERSON.password,
          country: 'GB',
          accept_terms: true,
          accept_privacy: true,
        },
      });
      expectAnswer(sent, 201);
      const registration = { authorization: `Bearer ${sent.body.data.registration_token}` };
      const emailCode = await codeSentTo(base, PERSON.email);
      expectAnswer(
        await call(base, 'POST', '/api/oauth/email/check', { body: { code: emailCode }, headers: registration }),
        200,
      );
      const committed = await call(base, 'POST', '/api/oauth/commit', { headers: registration });
      expectAnswer(committed, 201);
      expectAnswer(await call(base, 'POST', '/api/oauth/jwt2auth', { body: { jwt: committed.body.data.jwt } }), 200);

      // sign-in: a wrong password first (an error's path), then the right one, under the caller's trace context
      expectAnswer(
        await call(base, 'POST', `${MAIN}/user/login`, { body: { email: PERSON.email, password: 'Wrong-Pass-1' } }),
        404,
      );
      const signedIn = await call(base, 'POST', `${MAIN}/user/login`, {
        body: { email: PERSON.email, password: PERSON.password },
        headers: { traceparent: TRACEPARENT },
      });
      expectAnswer(signedIn, 200);
      const session = { 'x-auth-token': signedIn.body.data.token as string };

      // onboarding: the name, then the other steps
      expectAnswer(
        await call(base, 'POST', `${MAIN}/remit/remitter/create`, {
          body: { first_name: PERSON.firstName, surname: PERSON.surname },
          headers: session,
        }),
        201,
      );
      for (const body of onboardingAnswers()) {
        expectAnswer(await call(base, 'POST', `${MAIN}/remit/remitter/update`, { body, headers: session }), 200);
      }

      // the address search goes to the provider (fetch) within the call
      const found = await call(base, 'POST', `${MAIN}/verification/address-plain-lookup`, {
        body: { query: PERSON.addressSearch },
        headers: session,
      });
      expectAnswer(found, 200);

      // a quote, and a transfer looked up by a reference in its path
      expectAnswer(
        await call(base, 'POST', `${MAIN}/remit/remittance/save-quote`, {
          body: {
            source_country_iso2: 'GB',
            destination_country_iso2: 'SO',
            payout_type: 'cash',
            amount: '200',
            amount_type: 'SOURCE',
          },
          headers: session,
        }),
        201,
      );
      expectAnswer(await call(base, 'GET', `${MAIN}/remit/transaction/TR7788990011`, { headers: session }), 404);

      // phone registration: the number texted a code
      expectAnswer(
        await call(base, 'POST', '/api/oauth/otp/send', {
          body: {
            mobile: PERSON.mobile,
            password: PERSON.password,
            country: 'GB',
            accept_terms: true,
            accept_privacy: true,
          },
        }),
        201,
      );
      const smsCode = await codeSentTo(base, PERSON.mobile);

      // the graceful stop sends the spans still queued
      await server.stop();
      expect(server.child.exitCode, server.output()).toBe(0);

      // OTLP/HTTP JSON to the collector's traces path
      expect(collector.requests.length).toBeGreaterThan(0);
      for (const request of collector.requests) {
        expect(request).toMatchObject({ method: 'POST', path: '/v1/traces', contentType: 'application/json' });
      }
      const spans = collector.spans();
      expect(spans[0]?.resource).toMatchObject({ 'service.name': 'sarraf' });

      // every call's server span is named by its endpoint-table entry, never by a path
      const entryNames = new Set(ENDPOINT_ENTRIES.map(([name]) => name));
      const calls = spans.filter((span) => span.kind === SERVER_SPAN);
      const names = calls.map((span) => span.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'oauth.sendEmailCode',
          'oauth.checkEmailCode',
          'oauth.commitRegistration',
          'oauth.jwtToAuth',
          'user.login',
          'remitter.create',
          'remitter.update',
          'remitter.addressPlainLookup',
          'quotes.saveQuote',
          'transfers.getTransfer',
          'oauth.sendPhoneCode',
        ]),
      );
      for (const span of calls) {
        expect(entryNames.has(span.name), `${span.name} is an endpoint-table entry`).toBe(true);
        expect(span.attributes['sarraf.endpoint']).toBe(span.name);
      }
      const lookup = calls.find((span) => span.name === 'transfers.getTransfer') as CollectedSpan;
      expect(lookup.attributes).toMatchObject({
        'http.route': '/api/main/remit/transaction/:trans_ref',
        'http.response.status_code': 404,
      });

      // the caller's trace context is the sign-in's parent
      const login = calls.find((span) => span.traceId === CALLER_TRACE_ID);
      expect(login).toMatchObject({ name: 'user.login', parentSpanId: CALLER_SPAN_ID });

      // the provider call is a client span of the address search's trace, and the provider got its traceparent
      const search = calls.find((span) => span.name === 'remitter.addressPlainLookup') as CollectedSpan;
      const fetched = spans.filter((span) => span.kind === CLIENT_SPAN && span.traceId === search.traceId);
      expect(fetched.map((span) => span.scope)).toContain('@opentelemetry/instrumentation-undici');
      const [providerRequest] = provider.requests;
      const fetchSpan = fetched.find((span) => span.scope === '@opentelemetry/instrumentation-undici') as CollectedSpan;
      expect(providerRequest?.traceparent).toBe(`00-${search.traceId}-${fetchSpan.spanId}-01`);
      expect(fetchSpan.attributes).toMatchObject({ 'server.address': '127.0.0.1', 'http.response.status_code': 200 });

      // each outbox job is a span of its own: the e-mailed code and the texted one
      const jobs = spans.filter((span) => span.name === 'outbox message.send');
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      expect(jobs.every((span) => span.kind === CONSUMER_SPAN && span.parentSpanId === undefined)).toBe(true);

      // with PostgreSQL, the queries are spans of the call or job that made them, and of nothing else
      if (database) {
        const queries = spans.filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
        expect(queries.some((span) => span.traceId === login?.traceId)).toBe(true);
        expect(queries.some((span) => jobs.some((job) => job.traceId === span.traceId))).toBe(true);
        const traced = new Set([...calls, ...jobs].map((span) => span.traceId));
        expect(queries.filter((span) => !traced.has(span.traceId))).toEqual([]);
      }

      // nothing the customer sent or is: not in any name, attribute, event, status or resource
      const exported = collector.text().toLowerCase();
      const raw = JSON.stringify(collector.requests).toLowerCase();
      const personal = [
        PERSON.email,
        PERSON.email.split('@')[0] as string,
        PERSON.password,
        'Wrong-Pass-1',
        PERSON.firstName,
        PERSON.surname,
        'Quxworth',
        PERSON.address,
        PERSON.userAgent,
        'roskear',
        'camborne',
        'deansgate',
        PERSON.apiKeyOf(provider),
        sent.body.data.registration_token,
        session['x-auth-token'],
        'TR7788990011',
      ];
      for (const value of personal) {
        expect(raw, `'${value}' was exported`).not.toContain(value.toLowerCase());
      }
      // digits could match a trace id or a timestamp by chance: they are looked for where text is
      for (const value of [PERSON.mobile, PERSON.mobile.slice(3), '07911', emailCode, smsCode]) {
        expect(exported, `'${value}' was exported`).not.toContain(value);
      }
      // no query string, no path with an id, no client address or user agent attribute at all
      const keys = new Set(spans.flatMap((span) => Object.keys(span.attributes)));
      for (const key of [
        'url.full',
        'url.path',
        'url.query',
        'http.url',
        'http.target',
        'client.address',
        'user_agent.original',
      ]) {
        expect(keys.has(key), key).toBe(false);
      }

      // the traced process did load OpenTelemetry (the check below would otherwise prove nothing)
      expect(importsOf(log).some((url) => url.includes('/node_modules/@opentelemetry/'))).toBe(true);
    },
    START_MS + 180_000,
  );

  it(
    'loads no OpenTelemetry module when no OTLP endpoint is configured',
    async () => {
      const log = join(folder, 'untraced-imports.log');
      const untraced = await startServer(
        UNTRACED_PORT,
        serverEnv({ NODE_OPTIONS: `--import ${recorder}`, IMPORTS_LOG: log }),
        START_MS,
      );
      try {
        expect((await call(untraced.base, 'GET', '/api/locator/countries')).status).toBe(200);
      } finally {
        await untraced.stop();
      }
      const imports = importsOf(log);
      // the recorder saw the server's own modules and its packages
      expect(imports.some((url) => url.includes('/node_modules/hono/'))).toBe(true);
      expect(imports.filter((url) => url.includes('@opentelemetry'))).toEqual([]);
    },
    START_MS + 60_000,
  );
});
