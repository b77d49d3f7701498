import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_SCORE_ACTION } from '../../../src/domain/captcha.ts';
import { ClientProviders } from '../../../src/domain/contract/client-providers.ts';
import { providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { builtPageDir, pagePolicy } from '../../support/page-policy.ts';
import { bearer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

/**
 * Google reCAPTCHA's `siteverify`, standing in on this machine: it reads the
 * POST form Google documents (secret, response, remoteip) and answers with
 * the fields Google documents for v2 and v3 tokens
 * (https://developers.google.com/recaptcha/docs/verify, /docs/v3). Google
 * publishes no machine-readable description of this API to test against, so
 * the stand-in keeps to the page's words and the test records every form.
 */
const SECRET = 'test-secret-6LeIxAcTAAAAAGG';
const HOST = 'send.sarraf.example';
type Answer = Record<string, unknown>;
const TOKENS: Record<string, Answer> = {
  'v2-solved': { success: true, challenge_ts: '2026-11-28T10:00:00Z', hostname: HOST },
  'v2-elsewhere': { success: true, challenge_ts: '2026-11-28T10:00:00Z', hostname: 'phish.example' },
  'v3-person': { success: true, score: 0.9, action: CAPTCHA_SCORE_ACTION, hostname: HOST },
  'v3-bot': { success: true, score: 0.1, action: CAPTCHA_SCORE_ACTION, hostname: HOST },
  'v3-other-action': { success: true, score: 0.9, action: 'login', hostname: HOST },
};

function siteverify(forms: URLSearchParams[]): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      forms.push(form);
      const ok = req.method === 'POST' && req.headers['content-type'] === 'application/x-www-form-urlencoded';
      const answer: Answer = !ok
        ? { success: false, 'error-codes': ['bad-request'] }
        : form.get('secret') !== SECRET
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : form.get('response') === 'down'
            ? { status: 503 }
            : (TOKENS[form.get('response') ?? ''] ?? { success: false, 'error-codes': ['invalid-input-response'] });
      res.writeHead(answer.status === 503 ? 503 : 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(answer));
    });
  });
}

describe.each(DATABASE_KINDS)('Google reCAPTCHA as the captcha provider on %s', (kind) => {
  const forms: URLSearchParams[] = [];
  const google = siteverify(forms);
  let t: TestApp;
  let verifyUrl: string;
  const settings = (secret: string) =>
    providerSettingsFrom({
      CAPTCHA: 'recaptcha',
      RECAPTCHA_SECRET_KEY: secret,
      RECAPTCHA_SITE_KEY_V2: 'checkbox-site-key-0123456789',
      RECAPTCHA_SITE_KEY_V3: 'score-site-key-0123456789',
      RECAPTCHA_HOSTNAMES: HOST,
      RECAPTCHA_VERIFY_URL: verifyUrl,
    });
  beforeAll(async () => {
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    t = await createTestApp(kind, { providers: settings(SECRET), staticDir: builtPageDir() });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => google.close(resolve));
  });

  const newGuest = async () => {
    const res = await t.call('POST', '/api/oauth/guest', { body: { country: 'GB' }, from: newCallerAddress() });
    expect(res.status).toBe(201);
    return res.body.data.guest_token as string;
  };
  const scored = async (token: string) =>
    t.call('POST', '/api/oauth/gcaptcha/v3', {
      body: { token },
      headers: bearer(await newGuest()),
      from: '203.0.113.7',
    });
  const checked = async (token: string) =>
    t.call('POST', '/api/oauth/gcaptcha/v2', { body: { token }, headers: bearer(await newGuest()) });

  it('passes a person’s v3 token for our action and host, sending the form Google documents', async () => {
    const res = await scored('v3-person');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ passed: true, score: 0.9 });
    const form = forms.at(-1);
    expect(Object.fromEntries(form?.entries() ?? [])).toEqual({
      secret: SECRET,
      response: 'v3-person',
      remoteip: '203.0.113.7',
    });
  });

  it('scores a bot low, and gives no score to a token for another action, host or none of Google’s', async () => {
    expect((await scored('v3-bot')).body.data).toMatchObject({ passed: false, score: 0.1 });
    for (const token of ['v3-other-action', 'v2-solved', 'forged']) {
      const res = await scored(token);
      expect(res.status, token).toBe(403);
      expect(res.body.errors[0].type).toBe('urn:sarraf:error:CaptchaInvalid');
    }
  });

  it('takes a solved checkbox on our host, and refuses one solved on another site or a v3 token', async () => {
    expect((await checked('v2-solved')).status).toBe(200);
    for (const token of ['v2-elsewhere', 'v3-person', 'forged']) {
      const res = await checked(token);
      expect(res.status, token).toBe(403);
      expect(res.body.errors[0].type).toBe('urn:sarraf:error:CaptchaInvalid');
    }
  });

  it('treats Google down or our secret refused as an outage, never as a pass', async () => {
    const down = await scored('down');
    expect(down.status).toBeGreaterThanOrEqual(500);
    const wrongSecret = await createTestApp(kind, { providers: settings('not-our-secret') });
    try {
      const res = await wrongSecret.call('POST', '/api/oauth/gcaptcha/v2', {
        body: { token: 'v2-solved' },
        headers: bearer(
          (await wrongSecret.call('POST', '/api/oauth/guest', { body: { country: 'GB' }, from: newCallerAddress() }))
            .body.data.guest_token,
        ),
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await wrongSecret.close();
    }
  });

  it('tells the browser the site keys, never the secret, and lets Google’s script and frames in', async () => {
    const res = await t.call('GET', '/api/locator/client-providers');
    expect(res.status).toBe(200);
    expect(ClientProviders.is(res.body.data)).toBe(true);
    expect(res.body.data.captcha).toEqual({
      kind: 'recaptcha',
      checkbox_site_key: 'checkbox-site-key-0123456789',
      score_site_key: 'score-site-key-0123456789',
    });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    const csp = await pagePolicy(t);
    expect(csp).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
    expect(csp).toContain("frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
  });
});

describe('the browser’s outside services by configuration', () => {
  it('are the sandbox’s on the demo, and off unless configured without it', async () => {
    const demo = await createTestApp('pglite');
    const bare = await createTestApp('pglite', {
      sandbox: false,
      clientServices: {
        analyticsUrl: undefined,
        errorReportingUrl: 'https://errors.example/api/1/store',
        supportChatUrl: undefined,
      },
      staticDir: builtPageDir(),
    });
    try {
      expect((await demo.call('GET', '/api/locator/client-providers')).body.data).toEqual({
        captcha: { kind: 'sandbox', url: '/sandbox/captcha' },
        analytics_url: '/sandbox/analytics/events',
        error_reporting_url: '/sandbox/error-reports',
        error_reporting_dsn: null,
        support_chat_url: '/sandbox/chat/messages',
        address_search_countries: ['GB', 'SE', 'CA', 'US', 'DE', 'FR', 'NL', 'BE', 'DK', 'NO', 'IT'],
        bank_link_currencies: null,
        features: {
          promo_codes: true,
          qr_scan: true,
          confirm_mobile: true,
          new_payout_method_hint_until: '2024-05-01',
        },
      });
      const res = await bare.call('GET', '/api/locator/client-providers');
      expect(res.body.data).toMatchObject({
        analytics_url: null,
        error_reporting_url: 'https://errors.example/api/1/store',
        support_chat_url: null,
      });
      expect(await pagePolicy(bare)).toContain("connect-src 'self' https://errors.example;");
    } finally {
      await demo.close();
      await bare.close();
    }
  });
});
