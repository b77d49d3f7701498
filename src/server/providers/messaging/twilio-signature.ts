import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Twilio signs its webhooks in. */
export const TWILIO_SIGNATURE_HEADER = 'X-Twilio-Signature';

/**
 * Twilio's webhook signature: HMAC-SHA1 under the account's auth token of the
 * full URL Twilio called, followed by every POST parameter's name and value,
 * sorted by name (a name given twice: each value, sorted too), in base64.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): string {
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...params].sort(([nameA, valueA], [nameB, valueB]) => order(nameA, nameB) || order(valueA, valueB));
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `header` is Twilio's signature of this request; compared in constant time. */
export function twilioSignatureHolds(
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
