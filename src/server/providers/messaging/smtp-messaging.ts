import { createHash } from 'node:crypto';
import { createTransport } from 'nodemailer';
import type { ProviderCall } from '../provider-call.ts';
import type { SmtpSettings } from '../provider-settings.ts';
import { emailHtml } from './email-html.ts';
import type { MessagingProvider, OutgoingMessage } from './messaging-provider.ts';

/** The header that carries the outbox event's key, so a retried event is recognisable downstream. */
export const IDEMPOTENCY_HEADER = 'X-Sarraf-Idempotency-Key';

const FALLBACK_LOCALE = 'en-GB';

/** The domain of the From address: the right-hand side of every Message-ID we make. */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The Message-ID of an outbox event's e-mail: the same on every attempt, so a
 * relay or mailbox that sees the message twice (a retry after a lost answer)
 * can tell it is one message.
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32);
  return `<${digest}@${senderDomain(from)}>`;
}

/**
 * E-mail through an SMTP relay with nodemailer: TLS always (implicit, or a
 * STARTTLS the relay must offer), the relay's login when it asks for one, and
 * a pool of connections. Each message goes as plain text and HTML in the
 * customer's language, with a Message-ID and an idempotency header derived
 * from the outbox event. SMTP has no idempotency of its own: an event run
 * again after a crash that came between the relay's acceptance and the
 * outbox's record sends a second copy, with the same Message-ID.
 */
export function smtpMessaging(settings: SmtpSettings): MessagingProvider {
  const transport = createTransport({
    pool: true,
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'implicit',
    requireTLS: settings.tls === 'starttls',
    maxConnections: settings.poolSize,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    tls: { minVersion: 'TLSv1.2', ...(settings.tlsCa ? { ca: settings.tlsCa } : {}) },
    ...(settings.auth ? { auth: settings.auth } : {}),
  });
  return {
    async send(message: OutgoingMessage, { idempotencyKey }: ProviderCall) {
      if (message.channel !== 'email') throw new Error('the SMTP adapter sends e-mail only');
      const locale = message.locale ?? FALLBACK_LOCALE;
      const subject = message.subject ?? '';
      const info = await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject,
        text: message.body,
        html: emailHtml(subject, message.body, locale),
        messageId: messageIdFor(idempotencyKey, settings.from),
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey, 'Content-Language': locale },
      });
      if (info.rejected.length > 0) throw new Error(`the SMTP relay refused the recipient: ${info.response}`);
      return { providerMessageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
