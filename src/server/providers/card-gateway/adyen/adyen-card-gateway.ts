import { is } from 'superstruct';
import { AdyenCardFields } from '../../../../domain/contract/card-gateway.ts';
import type { BillingAddress } from '../../../../domain/us-card-payment.ts';
import { AdyenCallFailed } from '../../adyen-api.ts';
import type { AdyenSettings } from '../../provider-settings.ts';
import {
  type AuthorizeRequest,
  type CardGateway,
  CardGatewayRequestRefused,
  type RefundRequest,
} from '../card-gateway.ts';
import { isSameOriginPath } from '../return-url.ts';
import { type AdyenCheckout, adyenAmount } from './adyen-checkout.ts';
import { type AdyenPaymentAnswer, authorizationOf, cardFrom } from './adyen-results.ts';
import { adyenNotifications } from './adyen-webhook.ts';

/** Where Adyen sends the browser back after 3-D Secure, under `/api/hooks` (`payin-webhook-routes.ts`). */
const ADYEN_RETURN_PATH = '/api/hooks/payments/adyen/return';
/** A card kept at Adyen: our shopper reference and Adyen's stored payment method id. */
const STORED_PREFIX = 'adyen-stored:';
/** Storing a card is a zero-value authorisation; its currency does not matter to Adyen. */
const ZERO_AUTH_CURRENCY = 'EUR';

type Json = Record<string, unknown>;

type AdyenToken =
  | { kind: 'new'; paymentMethod: AdyenCardFields }
  | { kind: 'stored'; shopperReference: string; storedPaymentMethodId: string };

/**
 * Our card token for Adyen: a new card is the JSON of the encrypted fields
 * Adyen's component produced (`AdyenCardFields`); a stored one is
 * `adyen-stored:<shopper reference>:<stored payment method id>`.
 */
function adyenToken(token: string): AdyenToken | undefined {
  if (token.startsWith(STORED_PREFIX)) {
    const [shopperReference, storedPaymentMethodId] = token.slice(STORED_PREFIX.length).split(':');
    return shopperReference && storedPaymentMethodId
      ? { kind: 'stored', shopperReference, storedPaymentMethodId }
      : undefined;
  }
  try {
    const parsed: unknown = JSON.parse(token);
    return is(parsed, AdyenCardFields) ? { kind: 'new', paymentMethod: parsed } : undefined;
  } catch {
    return undefined;
  }
}

/** A billing address as Adyen's `BillingAddress` (house number kept in the street line, as Adyen allows). */
function billingAddressOf(address: BillingAddress): Json {
  return {
    street: address.street,
    houseNumberOrName: '',
    city: address.city,
    ...(address.state === undefined ? {} : { stateOrProvince: address.state }),
    postalCode: address.zip,
    country: address.country ?? 'US',
  };
}

function answerOf(answer: Json): AdyenPaymentAnswer {
  const action = answer.action as Json | undefined;
  const redirectUrl =
    action?.type === 'redirect' && action.method === 'GET' && typeof action.url === 'string' ? action.url : undefined;
  const paymentMethod = answer.paymentMethod as Json | undefined;
  const additionalData = answer.additionalData as Json | undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (typeof answer.pspReference !== 'string' || typeof answer.resultCode !== 'string') {
    throw new Error('Adyen answered a payment without its pspReference or resultCode');
  }
  return {
    pspReference: answer.pspReference,
    resultCode: answer.resultCode,
    ...(text(answer.refusalReason) ? { refusalReason: text(answer.refusalReason) } : {}),
    ...(text(answer.refusalReasonCode) ? { refusalReasonCode: text(answer.refusalReasonCode) } : {}),
    ...(redirectUrl ? { redirectUrl } : {}),
    card: cardFrom(text(paymentMethod?.brand), additionalData),
  };
}

/**
 * The card gateway on Adyen's Checkout API v71 (`/payments` with the 3-D
 * Secure 2 redirect flow, `/payments/details`, stored payment methods,
 * `/refunds` and `/reversals`), and its standard webhook (HMAC over each
 * item). Adyen has no look-up of a payment: a waiting one is decided by the
 * shopper's return through `finishRedirect` or by the AUTHORISATION webhook,
 * and a PROCESSING one by `/payments` again under its idempotency key.
 */
export function adyenCardGateway(settings: AdyenSettings, publicOrigin: string, checkout: AdyenCheckout): CardGateway {
  const merchantAccount = settings.merchantAccount;

  /** Our server's return address for a payment: Adyen adds `redirectResult` to it. */
  function returnUrlFor(request: AuthorizeRequest): string {
    const url = new URL(ADYEN_RETURN_PATH, publicOrigin);
    url.searchParams.set('key', request.idempotencyKey);
    url.searchParams.set('to', request.returnUrl);
    url.searchParams.set('amount', request.amount.toString());
    url.searchParams.set('currency', request.currency);
    url.searchParams.set('reference', request.reference);
    return url.toString();
  }

  return {
    name: 'adyen',
    webhookSignatureHeader: undefined,
    webhookAcknowledgement: '[accepted]',
    newCardAs: 'encrypted-fields',

    async describeToken() {
      // Adyen describes an encrypted card only through a payment's answer
      return undefined;
    },

    async authorize(request) {
      if (request.amount <= 0n) throw new CardGatewayRequestRefused('amount must be positive');
      if (!isSameOriginPath(request.returnUrl)) {
        throw new CardGatewayRequestRefused('returnUrl must be a path on the merchant origin');
      }
      const token = adyenToken(request.token);
      if (!token) throw new CardGatewayRequestRefused('the card token is not an Adyen card');
      const card: Json =
        token.kind === 'new'
          ? { paymentMethod: token.paymentMethod, shopperInteraction: 'Ecommerce' }
          : {
              paymentMethod: { type: 'scheme', storedPaymentMethodId: token.storedPaymentMethodId },
              shopperReference: token.shopperReference,
              // the customer pays in session with the card they stored, without typing it again
              shopperInteraction: 'ContAuth',
              recurringProcessingModel: 'CardOnFile',
            };
      const answer = await checkout.post('/payments', request.idempotencyKey, {
        merchantAccount,
        reference: request.reference,
        amount: adyenAmount(request.amount, request.currency),
        ...card,
        returnUrl: returnUrlFor(request),
        channel: 'Web',
        origin: new URL(publicOrigin).origin,
        ...(request.billingAddress ? { billingAddress: billingAddressOf(request.billingAddress) } : {}),
      });
      const facts = { amount: request.amount, currency: request.currency, reference: request.reference };
      return authorizationOf(answerOf(answer), facts, request.returnUrl);
    },

    async finishRedirect(query) {
      const { redirectResult, key, to, amount, currency, reference } = query;
      if (!redirectResult || !key || !to || !isSameOriginPath(to)) return undefined;
      if (!amount || !/^\d{1,15}$/.test(amount) || !currency || reference === undefined) return undefined;
      const answer = await checkout.post('/payments/details', `${key}:details`, { details: { redirectResult } });
      // the decision is Adyen's answer; the facts are the payment's own, which we put in the return address
      const facts = { amount: BigInt(amount), currency, reference };
      return { authorization: authorizationOf(answerOf(answer), facts, to), returnPath: to };
    },

    async storeCard(token, owner, call) {
      const parsed = adyenToken(token);
      if (parsed?.kind !== 'new') return undefined;
      const raw = await checkout.post('/payments', call.idempotencyKey, {
        merchantAccount,
        reference: call.idempotencyKey,
        amount: { value: 0, currency: ZERO_AUTH_CURRENCY },
        paymentMethod: parsed.paymentMethod,
        shopperReference: owner.shopperReference,
        storePaymentMethod: true,
        shopperInteraction: 'Ecommerce',
        recurringProcessingModel: 'CardOnFile',
        returnUrl: new URL('/', publicOrigin).toString(),
        channel: 'Web',
      });
      const answer = answerOf(raw);
      const additionalData = (raw.additionalData ?? {}) as Json;
      const storedId =
        additionalData['tokenization.storedPaymentMethodId'] ?? additionalData['recurring.recurringDetailReference'];
      // a card its bank wants authenticated even to be stored (3-D Secure) is not stored here
      if (answer.resultCode !== 'Authorised' || !answer.card || typeof storedId !== 'string') return undefined;
      return { token: `${STORED_PREFIX}${owner.shopperReference}:${storedId}`, card: answer.card };
    },

    async forgetCard(token) {
      const parsed = adyenToken(token);
      if (parsed?.kind !== 'stored') return;
      const query = new URLSearchParams({ shopperReference: parsed.shopperReference, merchantAccount });
      try {
        await checkout.delete(
          `/storedPaymentMethods/${encodeURIComponent(parsed.storedPaymentMethodId)}?${query}`,
          `forget:${parsed.storedPaymentMethodId}`,
        );
      } catch (error) {
        // a card Adyen no longer keeps is forgotten already
        if (!(error instanceof AdyenCallFailed && error.status === 404)) throw error;
      }
    },

    async void(paymentId, call) {
      // a reversal cancels an authorisation not yet captured and refunds one that was (we capture at once)
      await checkout.post(`/payments/${encodeURIComponent(paymentId)}/reversals`, call.idempotencyKey, {
        merchantAccount,
        reference: call.idempotencyKey,
      });
    },

    async refund(request: RefundRequest, call) {
      await checkout.post(`/payments/${encodeURIComponent(request.paymentId)}/refunds`, call.idempotencyKey, {
        merchantAccount,
        amount: adyenAmount(request.amount, request.currency),
        reference: request.reference,
      });
    },

    readNotifications(body) {
      return adyenNotifications(body, settings.hmacKeys, merchantAccount);
    },
  };
}
