import { PAYMENT_CODES, PAYMENT_METHODS } from '../../payments.ts';
import { AdyenCardFields } from '../card-gateway.ts';
import { endpoint } from '../endpoint.ts';
import { AmountString } from '../rates.ts';
import { GatewayToken, ONE_CARD, oneCard, SavedCardId } from '../saved-card-id.ts';
import { array, enums, type Infer, nullable, object, optional, refine, string } from '../structs.ts';
import { WalletCurrencyCode } from './balances.ts';

/** Putting money into a wallet by card or bank link. */

/** GET /remit/wallet/get-topup-options `data`: per wallet, the limits and fee of one card top-up. */
export const TopUpOption = object({
  currency: string(),
  min_amount: string(),
  max_amount: string(),
  fee: string(),
  methods: array(enums(PAYMENT_METHODS)),
});
export type TopUpOption = Infer<typeof TopUpOption>;

/**
 * POST /remit/wallet/top-up body: pay with the single-use token the card
 * gateway gave the browser (`card_token`) or with one of the customer's
 * saved cards (`saved_card_id`), never both.
 */
export const TopUpRequest = refine(
  object({
    currency: WalletCurrencyCode,
    amount: AmountString,
    card_token: optional(GatewayToken('card_token')),
    card_fields: optional(AdyenCardFields),
    saved_card_id: optional(SavedCardId('saved_card_id')),
  }),
  'payment_card',
  oneCard,
  ONE_CARD,
);
export type TopUpRequest = Infer<typeof TopUpRequest>;

/** POST /remit/wallet/top-up/bank-link body: the customer picks their bank and approves at the provider. */
export const BankLinkTopUpRequest = object({ currency: WalletCurrencyCode, amount: AmountString });
export type BankLinkTopUpRequest = Infer<typeof BankLinkTopUpRequest>;

export const TopUpId = object({
  top_up_id: refine(string(), 'top_up_id', (value) => /^tup_[A-Za-z0-9_-]{1,64}$/.test(value), {
    pattern: '^tup_[A-Za-z0-9_-]{1,64}$',
  }),
});

/**
 * A top-up as it stands. APPROVED: the money is in the wallet (`balance`
 * shows it); DECLINED carries the SPEC §8 code; WAITING: a 3-D Secure
 * challenge (card) or the bank picker (bank link) is open at
 * `challenge_url`, poll the top-up until it ends.
 */
export const TopUp = object({
  id: string(),
  method: enums(PAYMENT_METHODS),
  status: enums(['APPROVED', 'DECLINED', 'WAITING']),
  code: nullable(enums(PAYMENT_CODES)),
  challenge_url: nullable(string()),
  currency: string(),
  amount: string(),
  /** the wallet's balance now */
  balance: string(),
});
export type TopUp = Infer<typeof TopUp>;

/** Top-ups. */
export const topUpCalls = {
  topUpOptions: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/wallet/get-topup-options',
    auth: 'session',
    response: array(TopUpOption),
  }),
  topUp: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/wallet/top-up',
    auth: 'session',
    body: TopUpRequest,
    response: TopUp,
    status: 201,
    idempotent: true,
  }),
  topUpByBankLink: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/wallet/top-up/bank-link',
    auth: 'session',
    body: BankLinkTopUpRequest,
    response: TopUp,
    status: 201,
    idempotent: true,
  }),
  getTopUp: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/wallet/top-up/:top_up_id',
    auth: 'session',
    params: TopUpId,
    response: TopUp,
    notFound: 'Top-up',
  }),
} as const;
