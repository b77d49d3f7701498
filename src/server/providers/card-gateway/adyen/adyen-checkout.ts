import { AdyenCallFailed, adyenCall } from '../../adyen-api.ts';
import type { AdyenSettings } from '../../provider-settings.ts';
import { CardGatewayRequestRefused } from '../card-gateway.ts';

type Json = Record<string, unknown>;

/** Adyen's minor units: for every currency Sarraf takes pay-ins in, the ISO 4217 exponent we keep amounts in. */
export function adyenAmount(amount: bigint, currency: string): { value: number; currency: string } {
  if (amount < 0n || amount > BigInt(Number.MAX_SAFE_INTEGER))
    throw new CardGatewayRequestRefused('amount out of range');
  if (!/^[A-Z]{3}$/.test(currency)) throw new CardGatewayRequestRefused('currency must be ISO 4217');
  return { value: Number(amount), currency };
}

/**
 * Adyen's Checkout API v71 (`adyenCall`: the API key and an
 * `Idempotency-Key` on every call, so a call repeated under the same key, a
 * retry or the reconciler, is answered as the first and carried out once).
 * A 400 or 422 is Adyen's validation failure: our request was wrong, never
 * the customer's card.
 */
export function adyenCheckout(settings: AdyenSettings, fetchImpl: typeof globalThis.fetch = globalThis.fetch) {
  const request = { base: settings.checkoutBase, apiKey: settings.apiKey, fetchImpl };
  async function call(method: 'POST' | 'DELETE', path: string, idempotencyKey: string, body?: Json): Promise<Json> {
    try {
      return await adyenCall(request, method, path, idempotencyKey, body);
    } catch (error) {
      if (error instanceof AdyenCallFailed && (error.status === 422 || error.status === 400)) {
        throw new CardGatewayRequestRefused(`Adyen refused the request (${error.status}, error ${error.errorCode})`);
      }
      throw error;
    }
  }
  return {
    post: (path: string, idempotencyKey: string, body: Json) => call('POST', path, idempotencyKey, body),
    delete: (path: string, idempotencyKey: string) => call('DELETE', path, idempotencyKey),
  };
}

export type AdyenCheckout = ReturnType<typeof adyenCheckout>;
