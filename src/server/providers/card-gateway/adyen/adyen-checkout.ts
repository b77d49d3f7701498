import type { AdyenSettings } from '../../provider-settings.ts';
import { CardGatewayRequestRefused } from '../card-gateway.ts';

type Json = Record<string, unknown>;

/** Adyen refused or failed a call: its HTTP status and its own error code (never a card detail). */
export class AdyenCallFailed extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
  ) {
    super(`Adyen answered ${status} (error ${errorCode})`);
    this.name = 'AdyenCallFailed';
  }
}

/** Adyen's minor units: for every currency Sarraf takes pay-ins in, the ISO 4217 exponent we keep amounts in. */
export function adyenAmount(amount: bigint, currency: string): { value: number; currency: string } {
  if (amount < 0n || amount > BigInt(Number.MAX_SAFE_INTEGER))
    throw new CardGatewayRequestRefused('amount out of range');
  if (!/^[A-Z]{3}$/.test(currency)) throw new CardGatewayRequestRefused('currency must be ISO 4217');
  return { value: Number(amount), currency };
}

/**
 * Adyen's Checkout API v71 over plain HTTPS: JSON in and out, the API key in
 * `X-API-Key`, and an `Idempotency-Key` on every call, so a call repeated
 * under the same key (a retry, the reconciler) is answered as the first and
 * carried out once (Adyen keeps keys for at least 7 days).
 */
export function adyenCheckout(settings: AdyenSettings, fetchImpl: typeof globalThis.fetch = globalThis.fetch) {
  async function call(method: 'POST' | 'DELETE', path: string, idempotencyKey: string, body?: Json): Promise<Json> {
    const response = await fetchImpl(`${settings.checkoutBase}${path}`, {
      method,
      headers: {
        'x-api-key': settings.apiKey,
        'idempotency-key': idempotencyKey,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const answer: unknown = text ? JSON.parse(text) : {};
    if (typeof answer !== 'object' || answer === null) throw new AdyenCallFailed(response.status, 'not JSON');
    if (!response.ok) {
      const errorCode = String((answer as Json).errorCode ?? 'unknown');
      // 422 is Adyen's validation failure: our request was wrong, never the customer's card
      if (response.status === 422 || response.status === 400) {
        throw new CardGatewayRequestRefused(`Adyen refused the request (${response.status}, error ${errorCode})`);
      }
      throw new AdyenCallFailed(response.status, errorCode);
    }
    return answer as Json;
  }
  return {
    post: (path: string, idempotencyKey: string, body: Json) => call('POST', path, idempotencyKey, body),
    delete: (path: string, idempotencyKey: string) => call('DELETE', path, idempotencyKey),
  };
}

export type AdyenCheckout = ReturnType<typeof adyenCheckout>;
