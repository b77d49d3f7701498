import {
  array,
  assign,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  object,
  optional,
  record,
  refine,
  size,
  string,
} from 'superstruct';
import { CARD_BRANDS, PAYMENT_CODES, PAYMENT_METHODS } from '../payments.ts';
import { ALL_WALLET_CURRENCIES } from '../wallets.ts';
import { endpoint } from './endpoint.ts';
import { AmountString } from './rates.ts';
import { oneCard, SavedCardId } from './saved-card-id.ts';

/**
 * Wallets and conversion between a customer's own currencies (SPEC §7
 * "Wallets and cards", "Conversion"). Every call needs a session; executing a
 * conversion moves money and needs an Idempotency-Key.
 *
 * Amounts are decimal strings in the currency's unit ("12.50"); rates are
 * exact decimal strings. A conversion executes only at a rate quoted to the
 * customer (exchange-rates or currency-convert) while that rate holds.
 */

/** A wallet currency code: one of the currencies a wallet can exist in. */
export const WalletCurrencyCode = refine(string(), 'currency', (value) =>
  ALL_WALLET_CURRENCIES.includes(value) ? true : `${value.slice(0, 8)} is not a wallet currency`,
);

/** SPEC §3 Currency. `name` is English; screens name it with Intl.DisplayNames. */
export const WalletCurrency = object({
  code: string(),
  name: string(),
  symbol: string(),
  /** lower-case ISO 3166-1 alpha-2 of the flag to show (eu for the euro) */
  flagCode: string(),
});
export type WalletCurrency = Infer<typeof WalletCurrency>;

/** SPEC §3 wallet balance. `accountBalance` is a decimal string with the currency's digits. */
export const WalletBalance = object({
  accountBalance: string(),
  currencyCode: string(),
  country: object({ codeIso2: string(), name: string() }),
  flagCode: string(),
  isUserBaseCurrency: boolean(),
});
export type WalletBalance = Infer<typeof WalletBalance>;

/** The customer's wallets, the base currency first, then the others in code order. */
export const WalletBalances = array(WalletBalance);

/** POST /user-wallet-account/create body. */
export const CreateWalletRequest = object({ currency: WalletCurrencyCode });
export type CreateWalletRequest = Infer<typeof CreateWalletRequest>;

/** POST /user-wallet-account/create/multicurrency body: 1 to 12 currencies. */
export const CreateWalletsRequest = object({ currencies: size(array(WalletCurrencyCode), 1, 12) });
export type CreateWalletsRequest = Infer<typeof CreateWalletsRequest>;

/** POST /remit/wallet/get-balance body: one wallet, the base currency's when none is named. */
export const GetBalanceRequest = object({ currency: optional(WalletCurrencyCode) });
export type GetBalanceRequest = Infer<typeof GetBalanceRequest>;

/** A currency pair to convert between. */
export const CurrencyPair = object({ from_currency: WalletCurrencyCode, to_currency: WalletCurrencyCode });
export type CurrencyPair = Infer<typeof CurrencyPair>;

/** 200 `data` of exchange-rates: the customer's rate for the pair, good until `expires_at`. */
export const ExchangeRate = object({
  from_currency: string(),
  to_currency: string(),
  /** units of `to_currency` one unit of `from_currency` buys */
  rate: string(),
  /** ISO 8601; a conversion at this rate is refused after it */
  expires_at: string(),
  /** seconds left when answered: the client counts down on its own clock from receipt, whatever its time says */
  expires_in_seconds: integer(),
});
export type ExchangeRate = Infer<typeof ExchangeRate>;

/** POST /api/v1/currency-convert (and /transfer/exchange) body. */
export const ConvertQuoteRequest = object({
  from_currency: WalletCurrencyCode,
  to_currency: WalletCurrencyCode,
  from_amount: AmountString,
});
export type ConvertQuoteRequest = Infer<typeof ConvertQuoteRequest>;

/** 200 `data` of currency-convert: to_amount = from_amount × exchange_rate, truncated to 2 decimals. */
export const ConvertQuote = object({
  from_currency: string(),
  to_currency: string(),
  from_amount: string(),
  to_amount: string(),
  exchange_rate: string(),
  expires_at: string(),
  expires_in_seconds: integer(),
});
export type ConvertQuote = Infer<typeof ConvertQuote>;

/** SPEC §3 conversion request: POST /api/v1/conversions/execute body. */
export const ConversionRequest = object({
  from_currency: WalletCurrencyCode,
  to_currency: WalletCurrencyCode,
  from_amount: AmountString,
  to_amount: AmountString,
  exchange_rate: refine(string(), 'exchange_rate', (value) =>
    /^\d{1,12}(?:\.\d{1,12})?$/.test(value) ? true : 'The exchange_rate field is invalid',
  ),
});
export type ConversionRequest = Infer<typeof ConversionRequest>;

export const CONVERSION_STATUSES = ['COMPLETED'] as const;

/** SPEC §3 conversion history entry; also the answer of conversions/execute. */
export const Conversion = object({
  id: string(),
  from_currency: string(),
  to_currency: string(),
  from_amount: string(),
  to_amount: string(),
  exchange_rate: string(),
  /** ISO 8601 */
  timestamp: string(),
  status: enums(CONVERSION_STATUSES),
});
export type Conversion = Infer<typeof Conversion>;

/** GET /remit/wallet/get-topup-options `data`: per wallet, the limits and fee of one card top-up. */
export const TopUpOption = object({
  currency: string(),
  min_amount: string(),
  max_amount: string(),
  fee: string(),
  methods: array(enums(PAYMENT_METHODS)),
});
export type TopUpOption = Infer<typeof TopUpOption>;

const GatewayToken = (field: string) =>
  refine(string(), field, (value) => (value.length > 0 && value.length <= 255) || `The ${field} field is invalid`);

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
    saved_card_id: optional(SavedCardId('saved_card_id')),
  }),
  'payment_card',
  oneCard,
);
export type TopUpRequest = Infer<typeof TopUpRequest>;

/** POST /remit/wallet/top-up/bank-link body: the customer picks their bank and approves at the provider. */
export const BankLinkTopUpRequest = object({ currency: WalletCurrencyCode, amount: AmountString });
export type BankLinkTopUpRequest = Infer<typeof BankLinkTopUpRequest>;

export const TopUpId = object({
  top_up_id: refine(string(), 'top_up_id', (value) => /^tup_[A-Za-z0-9_-]{1,64}$/.test(value)),
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

/** A rate as customers type it: up to 9 digits, up to 8 decimals, above zero. */
const TargetRate = refine(
  string(),
  'target_rate',
  (value) =>
    (/^\d{1,9}(?:\.\d{1,8})?$/.test(value) && /[1-9]/.test(value)) || 'Enter a rate above zero, such as 1.1650',
);

/** POST /remit/wallet/rate-alerts body: tell me when one `from_currency` buys `target_rate` of `to_currency`. */
export const CreateRateAlertRequest = assign(CurrencyPair, object({ target_rate: TargetRate }));
export type CreateRateAlertRequest = Infer<typeof CreateRateAlertRequest>;

/** POST /remit/wallet/rate-alerts/delete body. */
export const DeleteRateAlertRequest = object({
  alert_id: refine(string(), 'alert_id', (value) => /^ral_[A-Za-z0-9_-]{1,64}$/.test(value) || 'Unknown alert'),
});

/**
 * A rate alert: ACTIVE waits for the feed's mid rate to reach `target_rate`
 * from its side (`direction`), then it is FIRED, once, with a notification.
 */
export const RateAlert = object({
  id: string(),
  from_currency: string(),
  to_currency: string(),
  target_rate: string(),
  direction: enums(['above', 'below']),
  /** the feed's rate when the alert was made */
  rate_at_creation: string(),
  status: enums(['ACTIVE', 'FIRED']),
  fired_rate: nullable(string()),
  /** ISO 8601 */
  fired_at: nullable(string()),
  created_at: string(),
});
export type RateAlert = Infer<typeof RateAlert>;

/** POST /remit/card/add body: the gateway's single-use token of a card the customer agreed to save. */
export const AddCardRequest = object({ single_use_token: GatewayToken('single_use_token') });

/** POST /remit/card/delete body. */
export const DeleteCardRequest = object({ card_id: SavedCardId('card_id') });

/** A card kept for later payments (SPEC §3): what the gateway shows of it, never its number. */
export const SavedCard = object({
  card_id: string(),
  brand: enums(CARD_BRANDS),
  last4: string(),
  exp_month: integer(),
  exp_year: integer(),
  /** MM/YY */
  expire: string(),
  /** computed from month and year when answered */
  is_expired: boolean(),
});
export type SavedCard = Infer<typeof SavedCard>;

/** GET /remit/wallet/statistics query: one wallet, the base currency's when none is named. */
export const StatisticsQuery = object({ currency: optional(WalletCurrencyCode) });

/** One month of a wallet: what came in and what went out, decimal strings of the wallet's currency. */
export const WalletMonth = object({
  /** YYYY-MM (UTC) */
  month: string(),
  money_in: string(),
  money_out: string(),
});
export type WalletMonth = Infer<typeof WalletMonth>;

/** The wallets area of the main API. */
export const walletsApi = {
  walletCurrencies: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/source-country/wallet-currencies',
    auth: 'session',
    response: array(WalletCurrency),
  }),
  currencies: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/currencies',
    auth: 'session',
    response: array(WalletCurrency),
  }),
  getWallets: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user-wallet-account/get',
    auth: 'session',
    response: WalletBalances,
    offline: 'last-known',
  }),
  createWallet: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user-wallet-account/create',
    auth: 'session',
    body: CreateWalletRequest,
    response: WalletBalance,
    status: 201,
  }),
  createWallets: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user-wallet-account/create/multicurrency',
    auth: 'session',
    body: CreateWalletsRequest,
    response: WalletBalances,
    status: 201,
  }),
  walletBalances: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/wallets/balances',
    auth: 'session',
    /** balance per currency code, decimal strings */
    response: record(string(), string()),
  }),
  getBalance: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/wallet/get-balance',
    auth: 'session',
    body: GetBalanceRequest,
    response: WalletBalance,
  }),
  getBalances: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/wallet/v3/get-balance',
    auth: 'session',
    response: WalletBalances,
  }),
  exchangeRate: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/exchange-rates',
    auth: 'session',
    query: CurrencyPair,
    response: ExchangeRate,
  }),
  convertQuote: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/v1/currency-convert',
    auth: 'session',
    body: ConvertQuoteRequest,
    response: ConvertQuote,
  }),
  exchangeQuote: endpoint({
    method: 'POST',
    base: 'main',
    path: '/transfer/exchange',
    auth: 'session',
    body: ConvertQuoteRequest,
    response: ConvertQuote,
  }),
  executeConversion: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/v1/conversions/execute',
    auth: 'session',
    body: ConversionRequest,
    response: Conversion,
    status: 201,
    idempotent: true,
  }),
  listConversions: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/conversions',
    auth: 'session',
    response: array(Conversion),
  }),
  statistics: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/wallet/statistics',
    auth: 'session',
    query: StatisticsQuery,
    /** the last 12 months, oldest first, every month listed */
    response: array(WalletMonth),
    offline: 'last-known',
  }),
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
  listRateAlerts: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/wallet/rate-alerts',
    auth: 'session',
    /** newest first */
    response: array(RateAlert),
  }),
  createRateAlert: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/wallet/rate-alerts',
    auth: 'session',
    body: CreateRateAlertRequest,
    response: RateAlert,
    status: 201,
  }),
  deleteRateAlert: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/wallet/rate-alerts/delete',
    auth: 'session',
    body: DeleteRateAlertRequest,
    response: array(RateAlert),
  }),
  addCard: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/card/add',
    auth: 'session',
    body: AddCardRequest,
    response: SavedCard,
    status: 201,
  }),
  listCards: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/card/list',
    auth: 'session',
    /** newest first */
    response: array(SavedCard),
    // a read SPEC names as a POST: the wallets screen's saved cards offline
    offline: 'last-known',
  }),
  deleteCard: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/card/delete',
    auth: 'session',
    body: DeleteCardRequest,
    response: null,
    status: 204,
  }),
} as const;
