type Json = Record<string, unknown>;

/** Adyen refused or failed a call: its HTTP status and its own error code (never a card or account detail). */
export class AdyenCallFailed extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
  ) {
    super(`Adyen answered ${status} (error ${errorCode})`);
    this.name = 'AdyenCallFailed';
  }
}

/**
 * One call to an Adyen API over plain HTTPS, as every Adyen adapter makes
 * it: JSON in and out, the API key in `X-API-Key`, and an `Idempotency-Key`,
 * so a call repeated under the same key is answered as the first and carried
 * out once (Adyen keeps keys for at least 7 days). A refusal throws
 * `AdyenCallFailed` with Adyen's status and error code.
 */
export async function adyenCall(
  request: { base: string; apiKey: string; fetchImpl: typeof globalThis.fetch },
  method: 'POST' | 'DELETE',
  path: string,
  idempotencyKey: string,
  body?: Json,
): Promise<Json> {
  const response = await request.fetchImpl(`${request.base}${path}`, {
    method,
    headers: {
      'x-api-key': request.apiKey,
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
  if (!response.ok) throw new AdyenCallFailed(response.status, String((answer as Json).errorCode ?? 'unknown'));
  return answer as Json;
}
