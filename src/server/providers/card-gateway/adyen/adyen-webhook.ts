import { createHmac, timingSafeEqual } from 'node:crypto';
import { array, boolean, is, object, optional, record, string, type, union, unknown } from 'superstruct';
import type { CardAuthorization, PaymentNotification } from '../card-gateway.ts';
import { cardFrom, declineCodeOf } from './adyen-results.ts';

/** One item of Adyen's standard webhook, as far as we read it. `success` comes as the text "true" or "false". */
const NotificationRequestItem = type({
  pspReference: string(),
  originalReference: optional(string()),
  merchantAccountCode: string(),
  merchantReference: string(),
  amount: type({ value: union([unknown()]), currency: string() }),
  eventCode: string(),
  success: union([string(), boolean()]),
  reason: optional(string()),
  paymentMethod: optional(string()),
  additionalData: optional(record(string(), unknown())),
});
export type NotificationRequestItem = typeof NotificationRequestItem.TYPE;

const Webhook = type({ notificationItems: array(object({ NotificationRequestItem })) });

/**
 * The string Adyen signs in a standard webhook item:
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success,
 * an absent part empty.
 */
function signingString(item: NotificationRequestItem): string {
  return [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    String(item.success),
  ].join(':');
}

/** HMAC-SHA256 of the signing string under the key (Adyen shows it as hex), base64: `additionalData.hmacSignature`. */
function itemSignature(key: Uint8Array, item: NotificationRequestItem): string {
  return createHmac('sha256', key).update(signingString(item), 'utf8').digest('base64');
}

function signatureHolds(keys: readonly Uint8Array[], item: NotificationRequestItem): boolean {
  const given = item.additionalData?.hmacSignature;
  if (typeof given !== 'string') return false;
  const received = Buffer.from(given, 'base64');
  return keys.some((key) => {
    const expected = Buffer.from(itemSignature(key, item), 'base64');
    return expected.length === received.length && timingSafeEqual(expected, received);
  });
}

export const isSuccess = (item: NotificationRequestItem) => String(item.success) === 'true';

/** What an AUTHORISATION item decided about its payment. */
function authorizationOf(item: NotificationRequestItem): CardAuthorization | undefined {
  const value = item.amount.value;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return undefined;
  const facts = {
    paymentId: item.pspReference,
    amount: BigInt(value),
    currency: item.amount.currency,
    reference: item.merchantReference,
    card: cardFrom(item.paymentMethod, item.additionalData),
  };
  return isSuccess(item)
    ? { ...facts, status: 'APPROVED', code: 'approved', challengeUrl: null }
    : { ...facts, status: 'DECLINED', code: declineCodeOf(undefined, item.reason), challengeUrl: null };
}

/**
 * The items of a standard webhook whose every item is signed under one of
 * `keys` and is for our merchant account; undefined otherwise (the whole
 * delivery refused). The card gateway and the bank link read the same
 * deliveries, each the items about its own payments.
 */
export function signedNotificationItems(
  body: string,
  keys: readonly Uint8Array[],
  merchantAccount: string,
): NotificationRequestItem[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!is(parsed, Webhook) || parsed.notificationItems.length === 0) return undefined;
  const items = parsed.notificationItems.map((wrapper) => wrapper.NotificationRequestItem);
  return items.every((item) => item.merchantAccountCode === merchantAccount && signatureHolds(keys, item))
    ? items
    : undefined;
}

/**
 * The notifications in a standard webhook, once it is signed and ours
 * (`signedNotificationItems`). Each is named by Adyen's own identity of an event,
 * its payment or modification reference, event code and outcome, so a
 * repeat is known. AUTHORISATION decides a payment; a successful
 * CANCELLATION of one still open declines it; REFUND, CAPTURE, CANCEL_OR_REFUND
 * and a failed CANCELLATION change no pay-in and are logged by the receiver.
 */
export function adyenNotifications(
  body: string,
  keys: readonly Uint8Array[],
  merchantAccount: string,
): PaymentNotification[] | undefined {
  const items = signedNotificationItems(body, keys, merchantAccount);
  if (!items) return undefined;
  return items.map((item) => {
    const id = `${item.eventCode}:${item.pspReference}:${isSuccess(item)}`;
    const paymentId = item.originalReference || item.pspReference;
    if (item.eventCode === 'AUTHORISATION') {
      const authorization = authorizationOf(item);
      return authorization ? { id, paymentId, authorization } : { id, paymentId };
    }
    if (item.eventCode === 'CANCELLATION' && isSuccess(item)) {
      const authorization = authorizationOf({
        ...item,
        pspReference: paymentId,
        success: 'false',
        reason: 'Cancelled',
      });
      if (authorization) return { id, paymentId, authorization };
    }
    return { id, paymentId, modification: { event: item.eventCode, success: isSuccess(item) } };
  });
}
