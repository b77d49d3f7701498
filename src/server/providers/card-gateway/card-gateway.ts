import type { AdyenCardFields } from '../../../domain/contract/card-gateway.ts';
import type { CardBrand, DeclineCode } from '../../../domain/payments.ts';
import type { BillingAddress } from '../../../domain/us-card-payment.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ProviderCall } from '../provider-call.ts';

/** What a gateway tells a merchant about a card; never its number or security code. */
export interface CardDetails {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** ISO 3166-1 alpha-2 country of the issuing bank */
  country: string;
}

/** A live single-use token, as the gateway describes it before it is spent. */
export interface CardTokenDetails {
  card: CardDetails;
  holderName: string;
  expiresAt: Date;
}

export interface AuthorizeRequest {
  /** the single-use token the browser got from the gateway */
  token: string;
  /** minor units of `currency` */
  amount: bigint;
  currency: string;
  /** the merchant's reference (a transfer or top-up id), shown to the customer by their bank */
  reference: string;
  /** the same key always answers with the same payment; never a second charge */
  idempotencyKey: string;
  /**
   * Same-origin path the 3-D Secure challenge sends the browser back to, with
   * `status`, `provider` and `payment_id` added to its query.
   */
  returnUrl: string;
  /**
   * The card's billing address as the customer gave it, for the issuer's
   * address check (a payment from the United States always has one; from
   * elsewhere it names its country).
   */
  billingAddress?: BillingAddress;
}

interface PaymentFacts {
  paymentId: string;
  amount: bigint;
  currency: string;
  reference: string;
  /** null when the token was unknown, already used or expired */
  card: CardDetails | null;
}

/**
 * A payment as the gateway reports it. WAITING means the customer must pass
 * the 3-D Secure challenge at `challengeUrl`; poll `getPayment` until it ends.
 */
export type CardAuthorization =
  | (PaymentFacts & { status: 'APPROVED'; code: 'approved'; challengeUrl: null })
  | (PaymentFacts & { status: 'DECLINED'; code: DeclineCode; challengeUrl: null })
  | (PaymentFacts & { status: 'WAITING'; code: null; challengeUrl: string });

/**
 * The gateway refused the request itself (not the payment): a return URL
 * that is not a same-origin path, an idempotency key reused for another
 * request, a malformed amount. A bug on our side, never the customer's.
 */
export class CardGatewayRequestRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardGatewayRequestRefused';
  }
}

/** A card the gateway keeps for the merchant: a reusable token, charged like a single-use one. */
export interface StoredCard {
  token: string;
  card: CardDetails;
}

/** A payment the gateway tells us it decided, through a signed webhook. */
export interface PaymentNotification {
  /** the gateway's id of the notification: a repeat of it carries the same id */
  id: string;
  /** the gateway's id of the payment */
  paymentId: string;
  /** what the gateway decided, when its notification says; else the payment is asked of it (`getPayment`) */
  authorization?: CardAuthorization;
  /**
   * A change to a payment already decided (a refund, a capture, a reversal
   * that did or did not go through): recorded and logged, it moves no pay-in.
   */
  modification?: { event: string; success: boolean };
}

/** A payment (or part of it) given back to the card. */
export interface RefundRequest {
  paymentId: string;
  /** minor units of `currency`: the whole payment, or less for a partial refund */
  amount: bigint;
  currency: string;
  /** our reference of what is refunded (a transfer id) */
  reference: string;
}

/** Whose card is stored: the gateway's shopper reference is our customer id, which names no person. */
interface CardOwner {
  shopperReference: string;
}

/** The end of a 3-D Secure redirect, as the gateway returned the browser to our return address. */
interface FinishedRedirect {
  authorization: CardAuthorization;
  /** the same-origin path the payment asked to return to */
  returnPath: string;
}

/** The card gateway seam (DESIGN §4). The sandbox adapter is one implementation. */
export interface CardGateway {
  /**
   * Keep the card behind a live single-use token (spending it) for later
   * payments; undefined when the token is unknown, used or expired. Each
   * payment with the stored token still goes through 3-D Secure when the
   * card's bank asks.
   */
  storeCard(token: string, owner: CardOwner, call: ProviderCall): Promise<StoredCard | undefined>;
  /** Forget a stored card: its token can no longer be charged. A repeat, or an unknown token, is harmless. */
  forgetCard(token: string): Promise<void>;
  /**
   * The card behind a live token; undefined when it is unknown, used or
   * expired, or when the gateway cannot tell before a payment (Adyen's
   * encrypted fields: the card is known from the payment's answer).
   */
  describeToken(token: string): Promise<CardTokenDetails | undefined>;
  /** Charge a token. Idempotent on `idempotencyKey`. Throws CardGatewayRequestRefused for a bad request. */
  authorize(request: AuthorizeRequest): Promise<CardAuthorization>;
  /**
   * The payment's current state, for status polling; undefined when unknown.
   * Absent for a gateway that offers no look-up (Adyen): a waiting payment is
   * then decided by the shopper's return (`finishRedirect`) or the webhook,
   * and released (`void`) when its purpose stops waiting.
   */
  getPayment?(paymentId: string): Promise<CardAuthorization | undefined>;
  /**
   * The browser came back from a redirect (3-D Secure) to our return address
   * with the gateway's result in `query`: the payment as the gateway now
   * decides it. Undefined for a query that is not such a return. Only for
   * gateways that return through the server.
   */
  finishRedirect?(query: Record<string, string>): Promise<FinishedRedirect | undefined>;
  /**
   * Release a payment we will not book: an approval is voided (the hold on
   * the card goes, nothing is captured), a waiting 3-D Secure challenge ends
   * declined. A declined or already voided payment is left as it is, so a
   * repeat is harmless. Throws for a payment the gateway does not know.
   */
  void(paymentId: string, call: ProviderCall): Promise<void>;
  /**
   * Give an approved payment back to the card, in full or in part.
   * Idempotent on the call's key (a repeat is the refund already made);
   * throws for a payment the gateway does not know or never captured, or
   * an amount above it.
   */
  refund(request: RefundRequest, call: ProviderCall): Promise<void>;
  /**
   * How the browser hands over a new card: `token`, a single-use token from
   * the gateway's tokenization (`card_token`); `encrypted-fields`, the fields
   * Adyen's card component encrypted (`card_fields`), which are the token.
   */
  readonly newCardAs: 'token' | 'encrypted-fields';
  /** Its name in the address of its webhooks, `/api/hooks/payments/<name>`. */
  readonly name: string;
  /** The header the gateway signs its webhooks in; undefined when the signature is inside the body (Adyen). */
  readonly webhookSignatureHeader: string | undefined;
  /** The plain-text answer the gateway expects to a webhook it delivered (`[accepted]`); JSON when undefined. */
  readonly webhookAcknowledgement: string | undefined;
  /**
   * The notifications in a webhook's raw body, once its signature holds (under
   * any of the configured keys, and fresh); undefined when it does not.
   */
  readNotifications(body: string, signature: string | undefined, now: Date): PaymentNotification[] | undefined;
}

/** What a card attempt's row keeps of the gateway's answer (payments and top-ups alike), besides its status. */
export function authorizationColumns(authorization: CardAuthorization, at: Date) {
  return {
    code: authorization.code,
    gateway_payment_id: authorization.paymentId,
    challenge_url: authorization.challengeUrl,
    card_brand: authorization.card?.brand ?? null,
    card_last4: authorization.card?.last4 ?? null,
    updated_at: at,
  };
}

/**
 * The token of a new card in a request, in the form the gateway takes it
 * (`newCardAs`); a 400 on the field the other form came in; undefined when
 * the request names none.
 */
export function newCardToken(
  gateway: Pick<CardGateway, 'newCardAs'>,
  request: { token?: string | undefined; fields?: AdyenCardFields | undefined },
  tokenField: string,
): string | undefined {
  if (gateway.newCardAs === 'token') {
    if (request.fields !== undefined) {
      throw new ApiError('ValidationFailed', 'Cards are taken as a gateway token here', 'card_fields');
    }
    return request.token;
  }
  if (request.token !== undefined) {
    throw new ApiError('ValidationFailed', "Cards are taken as the card component's encrypted fields", tokenField);
  }
  return request.fields === undefined ? undefined : JSON.stringify(request.fields);
}
