import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How our sandbox providers sign their callbacks to us (identity capture,
 * the card gateway's payment notifications; README "Sandbox documented
 * values"): the header `Sarraf-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256 under the shared secret of `<t>.<raw body>`.
 * A callback older (or newer) than five minutes is refused, so a captured
 * one cannot be replayed later.
 */
export const CALLBACK_SIGNATURE_HEADER = 'Sarraf-Signature';
const TOLERANCE_SECONDS = 5 * 60;

const mac = (secret: Uint8Array, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();

export function signCallback(secret: Uint8Array, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, body).toString('hex')}`;
}

export function callbackSignatureHolds(
  secret: Uint8Array,
  body: string,
  header: string | undefined,
  now: Date,
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(match[2], 'hex'), mac(secret, timestamp, body));
}

/** Whether the signature holds under any of `secrets`: during a key's rotation the old and the new are both accepted. */
export function callbackSignatureHoldsUnderAny(
  secrets: readonly Uint8Array[],
  body: string,
  header: string | undefined,
  now: Date,
): boolean {
  return secrets.some((secret) => callbackSignatureHolds(secret, body, header, now));
}
