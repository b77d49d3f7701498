import { endpoint } from './endpoint.ts';
import { enums, type Infer, nullable, object, size, string } from './structs.ts';
import { PaymentResult } from './transfers/payment.ts';
import { TopUp } from './wallets/top-up.ts';

/** Where a card check (3-D Secure) sends the browser back to: the screen that asked for it (SPEC §2 routeName). */
export const CARD_CHECK_ROUTES = ['send-money-pay', 'wallet-top-up'] as const;
export type CardCheckRoute = (typeof CARD_CHECK_ROUTES)[number];

/**
 * `POST /remit/card/check-card-enrollment` body: the gateway's id of the card
 * payment a card check came back from (`payment_id` in the query of
 * /checkout-card-enrollment/:status).
 */
export const CardEnrollmentCheck = object({ payment_id: size(string(), 1, 100) });
export type CardEnrollmentCheck = Infer<typeof CardEnrollmentCheck>;

/**
 * `data`: where that payment stands, asked of the gateway while it is open
 * (SPEC §4: APPROVED is done, WAITING asks again in 15 seconds, anything
 * else failed). `payment` when it paid for a transfer (route
 * send-money-pay), `top_up` when it topped up a wallet (wallet-top-up); the
 * other is null. No payment of the customer's by that id: 404 NotFound.
 */
export const CardEnrollment = object({
  status: enums(['APPROVED', 'DECLINED', 'WAITING']),
  route: enums(CARD_CHECK_ROUTES),
  payment: nullable(PaymentResult),
  top_up: nullable(TopUp),
});
export type CardEnrollment = Infer<typeof CardEnrollment>;

/**
 * `POST /remit/remitter/trustly-lookup` (SPEC §7) body: the bank-link
 * provider's id of the payment /trustly-callback came back from (its
 * `payment_id`). `data`: a `CardEnrollment`, where that bank payment stands,
 * asked of the provider while it is open (WAITING while the customer or
 * their bank has not finished); 404 NotFound for no bank payment of the
 * customer's by that id.
 */
export const BankLinkLookup = object({ payment_id: size(string(), 1, 100) });
export type BankLinkLookup = Infer<typeof BankLinkLookup>;

/** The pay-in checks that span transfers and top-ups: a card check's, and a bank link's. */
export const cardsApi = {
  checkCardEnrollment: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/card/check-card-enrollment',
    auth: 'session',
    body: CardEnrollmentCheck,
    response: CardEnrollment,
  }),
  trustlyLookup: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/remitter/trustly-lookup',
    auth: 'session',
    body: BankLinkLookup,
    response: CardEnrollment,
  }),
} as const;
