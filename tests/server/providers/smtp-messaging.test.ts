import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { codeEmail } from '../../../src/server/one-time-codes/code-messages.ts';
import type { MessagingProvider } from '../../../src/server/providers/messaging/messaging-provider.ts';
import { messageIdFor, smtpMessaging } from '../../../src/server/providers/messaging/smtp-messaging.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { LocalSmtpServer } from '../../support/local-smtp-server.ts';
import { bearer, finishRegistration, startRegistration } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const FROM = 'Sarraf <no-reply@send.sarraf.example>';

describe('e-mail over SMTP, against a real SMTP server', () => {
  let smtp: LocalSmtpServer;
  let messaging: MessagingProvider;
  beforeAll(async () => {
    smtp = await LocalSmtpServer.start();
    messaging = smtpMessaging(smtp.settings({ from: FROM }));
  });
  afterAll(async () => {
    messaging.close?.();
    await smtp.close();
  });

  it('sends the code in the customer’s language as plain text and HTML, over STARTTLS with the relay’s login', async () => {
    const to = 'amina.svensson@example.test';
    const message = codeEmail(to, '493817', 'registration', 'sv');
    const sent = await messaging.send(message, { idempotencyKey: 'outbox:event-1' });

    const mail = await smtp.messageTo(to);
    expect(mail.envelope).toEqual({ from: 'no-reply@send.sarraf.example', to: [to] });
    expect(mail.secure, 'the session was upgraded with STARTTLS before the login and the message').toBe(true);
    expect(mail.user).toBe(smtp.user);

    const { parsed } = mail;
    expect(parsed.from?.value).toEqual([{ name: 'Sarraf', address: 'no-reply@send.sarraf.example' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : undefined).toEqual([{ name: '', address: to }]);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.subject).toContain('493817');
    expect(parsed.messageId).toBe(messageIdFor('outbox:event-1', FROM));
    expect(sent.providerMessageId).toBe(parsed.messageId);
    expect(parsed.messageId).toMatch(/^<[A-Za-z0-9_-]{32}@send\.sarraf\.example>$/);
    expect(parsed.headers.get('x-sarraf-idempotency-key')).toBe('outbox:event-1');
    expect(parsed.headers.get('content-language')).toBe('sv');

    // the text body is the message as written; the HTML says the same paragraphs, in Swedish
    expect(parsed.text?.trim()).toBe(message.body);
    expect(message.body).not.toMatch(/Your code|is your code/);
    const paragraphs = message.body.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(parsed.html).toContain('<html lang="sv">');
    for (const paragraph of paragraphs) {
      const escaped = paragraph
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
      expect(parsed.html).toContain(`<p>${escaped.replace(/\n/g, '<br>')}</p>`);
    }
    expect(parsed.html).toContain('493817');
  });

  it('gives a retried event the same Message-ID and idempotency header, and another event its own', async () => {
    const to = 'retry@example.test';
    const message = codeEmail(to, '111222', 'password-recovery', 'so');
    await messaging.send(message, { idempotencyKey: 'outbox:event-2' });
    await messaging.send(message, { idempotencyKey: 'outbox:event-2' });
    await messaging.send(message, { idempotencyKey: 'outbox:event-3' });
    const mails = smtp.received.filter((mail) => mail.envelope.to.includes(to));
    expect(mails.map((mail) => mail.parsed.headers.get('x-sarraf-idempotency-key'))).toEqual([
      'outbox:event-2',
      'outbox:event-2',
      'outbox:event-3',
    ]);
    const [first, retry, other] = mails.map((mail) => mail.parsed.messageId);
    expect(retry).toBe(first);
    expect(other).not.toBe(first);
    expect(mails[0]?.parsed.html).toContain('<html lang="so">');
  });

  it('fails, so the outbox tries again, when the relay refuses the login', async () => {
    const wrongLogin = smtpMessaging(smtp.settings({ auth: { user: smtp.user, pass: 'not-the-password' } }));
    try {
      await expect(
        wrongLogin.send(codeEmail('refused@example.test', '333444', 'registration', 'en-GB'), {
          idempotencyKey: 'outbox:event-4',
        }),
      ).rejects.toThrow(/Invalid login|535/);
    } finally {
      wrongLogin.close?.();
    }
    expect(smtp.received.some((mail) => mail.envelope.to.includes('refused@example.test'))).toBe(false);
  });

  it('never sends in clear: a relay that offers no STARTTLS gets nothing', async () => {
    const plain = await LocalSmtpServer.start({ offerTls: false });
    const toPlain = smtpMessaging(plain.settings());
    try {
      await expect(
        toPlain.send(codeEmail('clear@example.test', '555666', 'registration', 'en-GB'), {
          idempotencyKey: 'outbox:event-5',
        }),
      ).rejects.toThrow(/STARTTLS/);
      expect(plain.received).toEqual([]);
    } finally {
      toPlain.close?.();
      await plain.close();
    }
  });

  it('refuses a relay whose certificate it cannot trust', async () => {
    const untrusting = smtpMessaging(smtp.settings({ tlsCa: undefined }));
    try {
      await expect(
        untrusting.send(codeEmail('mitm@example.test', '777888', 'registration', 'en-GB'), {
          idempotencyKey: 'outbox:event-6',
        }),
      ).rejects.toThrow(/self[- ]signed|certificate/i);
    } finally {
      untrusting.close?.();
    }
  });
});

describe.each(DATABASE_KINDS)('registration’s code over SMTP on %s', (kind) => {
  let smtp: LocalSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await LocalSmtpServer.start();
    t = await createTestApp(kind, { providers: { ...loadConfig({}).providers, email: smtp.settings() } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('reaches the SMTP server through the outbox, and that code verifies the registration', async () => {
    const email = `smtp-${kind}-${Date.now()}@example.test`;
    const registrationToken = await startRegistration(t, { email, password: 'secret12', country: 'GB' });
    await new OutboxWorker(t.deps, outboxHandlers()).drain();

    const mail = await smtp.messageTo(email);
    const code = /\b(\d{6})\b/.exec(mail.parsed.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.parsed.html).toContain(code);
    const event = await t.deps.db
      .selectFrom('outbox_events')
      .select('id')
      .where('topic', '=', 'message.send')
      .executeTakeFirstOrThrow();
    expect(mail.parsed.headers.get('x-sarraf-idempotency-key')).toBe(`outbox:${event.id}`);
    // nothing went to the sandbox's table: the sandbox outbox is not where this code is
    expect((await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(email)}`)).body.data).toEqual([]);

    const checked = await t.call('POST', '/api/oauth/email/check', {
      body: { code },
      headers: bearer(registrationToken),
    });
    expect(checked.status).toBe(200);
    const signedIn = await finishRegistration(t, registrationToken);
    expect(signedIn.user.email).toBe(email);
  });
});
