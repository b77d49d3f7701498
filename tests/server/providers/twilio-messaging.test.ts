import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { codeSms } from '../../../src/server/one-time-codes/code-messages.ts';
import { twilioMessaging } from '../../../src/server/providers/messaging/twilio-messaging.ts';
import { TWILIO_SIGNATURE_HEADER, twilioSignature } from '../../../src/server/providers/messaging/twilio-signature.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { LocalTwilio } from '../../support/local-twilio.ts';
import { bearer, finishRegistration } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const PUBLIC_ORIGIN = 'https://send.sarraf.example';

describe("Twilio's webhook signature", () => {
  it('is the worked example of Twilio’s security documentation', () => {
    const params: [string, string][] = [
      ['Digits', '1234'],
      ['To', '+18005551212'],
      ['From', '+14158675310'],
      ['Caller', '+14158675310'],
      ['CallSid', 'CA1234567890ABCDE'],
    ];
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      'GvWf1cFY/Q7PnoempGyD5oXAezc=',
    );
  });
});

describe("SMS through Twilio's Messages API, checked against Twilio's OpenAPI description", () => {
  let twilio: LocalTwilio;
  beforeAll(async () => {
    twilio = await LocalTwilio.start();
  });
  afterAll(() => twilio.close());

  it('sends a code as a request the description accepts, with a status callback, and keeps the Message SID', async () => {
    const sms = twilioMessaging(twilio.settings(), { publicOrigin: PUBLIC_ORIGIN });
    const message = codeSms('+46701234567', '246810', 'sv');
    const { providerMessageId } = await sms.send(message, { idempotencyKey: 'outbox:event-1' });

    const request = twilio.requests.at(-1);
    expect(request?.problems).toEqual([]);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+46701234567',
      Body: message.body,
      From: '+447700900123',
      StatusCallback: `${PUBLIC_ORIGIN}/api/hooks/twilio/message-status?key=outbox%3Aevent-1`,
    });
    expect(message.body).toContain('246810');
    expect(providerMessageId).toBe(request?.sid);
    expect(providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('sends from a Messaging Service, and without a status callback when no public origin is known', async () => {
    const service = `MG${'0123456789abcdef'.repeat(2)}`;
    const sms = twilioMessaging(twilio.settings({ sender: { messagingServiceSid: service } }), {
      publicOrigin: undefined,
    });
    await sms.send(codeSms('+447911123456', '135790', 'en-GB'), { idempotencyKey: 'outbox:event-2' });
    const request = twilio.requests.at(-1);
    expect(request?.problems).toEqual([]);
    expect([...(request?.form.keys() ?? [])].sort()).toEqual(['Body', 'MessagingServiceSid', 'To']);
    expect(request?.form.get('MessagingServiceSid')).toBe(service);
  });

  it('is caught by the description when a request breaks it (the check is not a rubber stamp)', async () => {
    const badAccount = twilioMessaging(twilio.settings({ accountSid: 'AC-not-a-sid' }), {
      publicOrigin: PUBLIC_ORIGIN,
    });
    await expect(badAccount.send(codeSms('+46701234567', '1', 'sv'), { idempotencyKey: 'k' })).rejects.toThrow(/400/);
    expect(twilio.requests.at(-1)?.problems.join('\n')).toMatch(/path AccountSid must match pattern/);

    const sms = twilioMessaging(twilio.settings(), { publicOrigin: PUBLIC_ORIGIN });
    await expect(
      sms.send({ channel: 'sms', to: '0701234567', subject: null, body: 'x' }, { idempotencyKey: 'k2' }),
    ).rejects.toThrow(/400/);
    expect(twilio.requests.at(-1)?.problems.join('\n')).toMatch(/body\/To must match format "phone-number"/);
  });

  it('throws, so the outbox tries again, when Twilio refuses or is overloaded, without the text in the error', async () => {
    const sms = twilioMessaging(twilio.settings(), { publicOrigin: PUBLIC_ORIGIN });
    twilio.failWith = { status: 429, code: 20_429, message: 'Too Many Requests' };
    try {
      const failure = sms.send(codeSms('+46701234567', '999000', 'sv'), { idempotencyKey: 'outbox:event-3' });
      await expect(failure).rejects.toThrow('Twilio answered 429 (error 20429)');
      await expect(failure).rejects.not.toThrow(/999000|46701234567/);
    } finally {
      twilio.failWith = undefined;
    }
    expect(twilio.requests.at(-1)?.problems).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('registration’s code by SMS through Twilio on %s', (kind) => {
  let twilio: LocalTwilio;
  let t: TestApp;
  beforeAll(async () => {
    twilio = await LocalTwilio.start();
    t = await createTestApp(kind, {
      publicOrigin: PUBLIC_ORIGIN,
      providers: { ...loadConfig({}).providers, sms: twilio.settings() },
    });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  /** A status callback as Twilio posts it, signed as Twilio signs it (or with `signature` instead). */
  const callback = (callbackUrl: string, params: Record<string, string>, signature?: string) => {
    const form = new URLSearchParams(params);
    const url = new URL(callbackUrl);
    return t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        [TWILIO_SIGNATURE_HEADER]: signature ?? twilioSignature(twilio.authToken, callbackUrl, [...form.entries()]),
      },
      body: form.toString(),
    });
  };
  const reports = () =>
    t.deps.db
      .selectFrom('message_delivery_reports')
      .select(['provider', 'provider_message_id', 'idempotency_key', 'status', 'error_code'])
      .orderBy('id')
      .execute();

  it('texts the code through requests Twilio’s description accepts; that code verifies the registration', async () => {
    const mobile = `+4670${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const sent = await t.call('POST', '/api/oauth/otp/send', {
      body: { mobile, password: 'secret12', country: 'SE', accept_terms: true, accept_privacy: true, locale: 'sv' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await new OutboxWorker(t.deps, outboxHandlers()).drain();

    const requests = twilio.requests.filter((request) => request.form.get('To') === mobile);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.problems).toEqual([]);
    const code = /\b(\d{6})\b/.exec(requests[0]?.form.get('Body') ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect((await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(mobile)}`)).body.data).toEqual([]);

    const checked = await t.call('POST', '/api/oauth/otp/check', {
      body: { code },
      headers: bearer(sent.body.data.registration_token),
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    await finishRegistration(t, sent.body.data.registration_token);
  });

  it('records each delivery status Twilio signs, once, and refuses a callback whose signature does not hold', async () => {
    const sent = twilio.requests.findLast((request) => request.sid !== undefined && request.form.has('StatusCallback'));
    const callbackUrl = sent?.form.get('StatusCallback') ?? '';
    const key = new URL(callbackUrl).searchParams.get('key');
    expect(key).toMatch(/^outbox:/);
    const statuses = twilio.statuses();
    expect(statuses).toEqual(expect.arrayContaining(['sent', 'delivered', 'undelivered']));
    const params = (status: string, extra: Record<string, string> = {}) => ({
      AccountSid: twilio.accountSid,
      ApiVersion: '2010-04-01',
      From: '+447700900123',
      MessageSid: sent?.sid ?? '',
      MessageStatus: status,
      SmsSid: sent?.sid ?? '',
      SmsStatus: status,
      To: sent?.form.get('To') ?? '',
      ...extra,
    });

    expect((await callback(callbackUrl, params('sent'))).status).toBe(204);
    expect((await callback(callbackUrl, params('sent'))).status, 'a repeat is taken and adds nothing').toBe(204);
    expect((await callback(callbackUrl, params('undelivered', { ErrorCode: '30003' }))).status).toBe(204);

    const forged = await callback(
      callbackUrl,
      params('delivered'),
      twilioSignature('not-the-token', callbackUrl, Object.entries(params('delivered'))),
    );
    expect(forged.status).toBe(403);
    const tampered = await callback(
      callbackUrl,
      params('delivered'),
      twilioSignature(twilio.authToken, callbackUrl, Object.entries(params('sent'))),
    );
    expect(tampered.status).toBe(403);
    const otherUrl = `${callbackUrl}&extra=1`;
    const movedUrl = await callback(
      otherUrl,
      params('delivered'),
      twilioSignature(twilio.authToken, callbackUrl, Object.entries(params('delivered'))),
    );
    expect(movedUrl.status).toBe(403);

    expect(await reports()).toEqual([
      { provider: 'twilio', provider_message_id: sent?.sid, idempotency_key: key, status: 'sent', error_code: null },
      {
        provider: 'twilio',
        provider_message_id: sent?.sid,
        idempotency_key: key,
        status: 'undelivered',
        error_code: '30003',
      },
    ]);
  });
});

describe('Twilio status callbacks without Twilio configured', () => {
  it('are not found', async () => {
    const t = await createTestApp('pglite', { publicOrigin: PUBLIC_ORIGIN });
    try {
      const res = await t.app.request('/api/hooks/twilio/message-status', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', [TWILIO_SIGNATURE_HEADER]: 'x' },
        body: 'MessageSid=SM1&MessageStatus=sent',
      });
      expect(res.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
