import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Infer, optional, size, string, type } from 'superstruct';

/** The header Onfido signs each webhook event in: HMAC-SHA256 of the raw body with the webhook's token, in hex. */
export const ONFIDO_SIGNATURE_HEADER = 'X-SHA2-Signature';

/** The signature Onfido's documented scheme gives `body` under `token`. */
export function onfidoSignature(token: string, body: string): string {
  return createHmac('sha256', token).update(body, 'utf8').digest('hex');
}

/** Whether `header` is the signature of `body` under one of `tokens` (two while one is rotated), compared in constant time. */
export function onfidoSignatureHolds(tokens: readonly string[], body: string, header: string | undefined): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const given = Buffer.from(header, 'hex');
  return tokens.some((token) => timingSafeEqual(given, Buffer.from(onfidoSignature(token, body), 'hex')));
}

/**
 * The part of a webhook event we act on (Onfido's `WebhookEvent`): what
 * happened to which object. Other fields are let through unread; the
 * verdict itself is always fetched from the API, never taken from the body.
 */
export const OnfidoWebhookEvent = type({
  payload: type({
    resource_type: size(string(), 1, 100),
    action: size(string(), 1, 100),
    object: type({
      id: size(string(), 1, 100),
      status: optional(string()),
      completed_at_iso8601: optional(string()),
    }),
  }),
});
export type OnfidoWebhookEvent = Infer<typeof OnfidoWebhookEvent>;
