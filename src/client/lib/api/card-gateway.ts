import { FetchError, ofetch } from 'ofetch';
import { array, is, mask, nullable, object, optional, StructError, string } from 'superstruct';
import { CardToken, type CardTokenRequest } from '../../../domain/contract/card-gateway.ts';
import { CARD_GATEWAY_URL } from '../config.ts';
import { ApiFailure, errorTypeOf } from './api-failure.ts';

const GatewayErrors = object({
  errors: array(object({ type: string(), message: string(), property_path: optional(nullable(string())) })),
});

const GatewayAnswer = object({ data: CardToken });

/**
 * Tokenize a card at the card gateway's own endpoint (DESIGN §4): the card
 * number and security code go there and nowhere else — no session token, no
 * call to our API. Our API only ever sees the single-use token returned.
 * Failures come back as an ApiFailure, like our API's.
 */
export async function tokenizeCard(card: CardTokenRequest): Promise<CardToken> {
  const requestId = crypto.randomUUID();
  let body: unknown;
  try {
    body = await ofetch(`${CARD_GATEWAY_URL}/tokens`, { method: 'POST', body: card, retry: 0 });
  } catch (error) {
    const answer = error instanceof FetchError ? error.data : undefined;
    if (is(answer, GatewayErrors)) {
      const [first, ...rest] = answer.errors.map((item) => ({
        type: errorTypeOf(item.type),
        message: item.message,
        propertyPath: item.property_path ?? null,
      }));
      if (first)
        throw new ApiFailure(error instanceof FetchError ? (error.status ?? 0) : 0, requestId, [first, ...rest]);
    }
    throw new ApiFailure(0, requestId, [
      { type: 'NetworkError', message: 'The card gateway could not be reached', propertyPath: null },
    ]);
  }
  try {
    return mask(body, GatewayAnswer).data;
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    throw new ApiFailure(200, requestId, [{ type: 'InvalidResponse', message: error.message, propertyPath: null }]);
  }
}
