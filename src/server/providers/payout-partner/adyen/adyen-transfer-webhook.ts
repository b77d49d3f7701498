import { createHmac, timingSafeEqual } from 'node:crypto';
import { integer, optional, string, type } from 'superstruct';

/** The header Adyen signs its Balance Platform webhooks in (header names are read in lower case). */
export const ADYEN_TRANSFER_SIGNATURE_HEADER = 'hmacsignature';

/**
 * Whether a Balance Platform webhook is Adyen's: `HmacSignature` is the
 * base64 HMAC-SHA256 of the raw body under one of the webhook's HMAC keys.
 */
export function adyenTransferSignatureHolds(
  keys: readonly Uint8Array[],
  rawBody: string,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const received = Buffer.from(signature, 'base64');
  return keys.some((key) => {
    const expected = createHmac('sha256', key).update(rawBody, 'utf8').digest();
    return expected.length === received.length && timingSafeEqual(expected, received);
  });
}

/** A transfer webhook (`balancePlatform.transfer.created` / `.updated`), as far as we read it. */
export const AdyenTransferNotification = type({
  type: optional(string()),
  data: type({
    id: string(),
    category: string(),
    status: string(),
    reason: optional(string()),
    reference: optional(string()),
    direction: optional(string()),
    sequenceNumber: optional(integer()),
    balanceAccount: optional(type({ id: string() })),
    balanceAccountId: optional(string()),
    tracking: optional(type({ status: optional(string()) })),
  }),
});
export type AdyenTransferNotification = typeof AdyenTransferNotification.TYPE;

/**
 * The transfer a webhook tells of, when it is one of our payouts: an
 * outgoing bank transfer from our balance account, carrying our reference.
 * Undefined for anything else on the platform (incoming funds, fees, other
 * balance accounts).
 */
export function ourPayoutTransfer(notification: AdyenTransferNotification, balanceAccountId: string) {
  const { data } = notification;
  const account = data.balanceAccount?.id ?? data.balanceAccountId;
  if (data.category !== 'bank' || data.direction === 'incoming' || account !== balanceAccountId || !data.reference) {
    return undefined;
  }
  return {
    id: data.id,
    reference: data.reference,
    status: data.status,
    reason: data.reason ?? null,
    credited: data.tracking?.status === 'credited',
    sequenceNumber: data.sequenceNumber ?? 1,
  };
}
