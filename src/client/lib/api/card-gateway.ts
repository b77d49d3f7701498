import { FetchError, ofetch } from 'ofetch';
import { array, is, mask, nullable, object, optional, type Struct, StructError, string } from 'superstruct';
import { CardToken, type CardTokenRequest } from '../../../domain/contract/card-gateway.ts';
import { PayoutCardToken, type PayoutCardTokenRequest } from '../../../domain/contract/payout-cards.ts';
import { ApiFailure, errorTypeOf } from './api-failure.ts';

const GatewayErrors = object({
  errors: array(object({ type: string(), message: string(), property_path: optional(nullable(string())) })),
});

/**
 * Tokenize a card at the card gateway's own endpoint, as the server named it (DESIGN §4): the card
 * number and security code go there and nowhere else — no session token, no
 * call to our API. Our API only ever sees the single-use token returned.
 * Failures come back as an ApiFailure, like our API's.
 */
export function tokenizeCard(tokensUrl: string, card: CardTokenRequest): Promise<CardToken> {
  return postToGateway(tokensUrl, card, object({ data: CardToken }));
}

/**
 * Tokenize a recipient's card for card payouts at the address the recipient
 * form's schema links to (`tokenize_card`): the card payout gateway's own.
 */
export function tokenizePayoutCard(href: string, card: PayoutCardTokenRequest): Promise<PayoutCardToken> {
  return postToGateway(href, card, object({ data: PayoutCardToken }));
}

async function postToGateway<T>(url: string, card: object, answer: Struct<{ data: T }>): Promise<T> {
  const requestId = crypto.randomUUID();
  let body: unknown;
  try {
    body = await ofetch(url, { method: 'POST', body: card, retry: 0 });
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
    return mask(body, answer).data;
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    throw new ApiFailure(200, requestId, [{ type: 'InvalidResponse', message: error.message, propertyPath: null }]);
  }
}
