import { ALL_WALLET_CURRENCIES } from '../../wallets.ts';
import { endpoint } from '../endpoint.ts';
import { array, boolean, type Infer, object, optional, record, refine, size, string } from '../structs.ts';

/** The customer's wallets: the currencies they may hold, opening wallets, balances, and each month's money in and out. */

/** A wallet currency code: one of the currencies a wallet can exist in. */
export const WalletCurrencyCode = refine(
  string(),
  'currency',
  (value) => (ALL_WALLET_CURRENCIES.includes(value) ? true : `${value.slice(0, 8)} is not a wallet currency`),
  { enum: ALL_WALLET_CURRENCIES },
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

/** Wallets and their balances. */
export const balanceCalls = {
  walletCurrencies: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/source-country/wallet-currencies',
    auth: 'session',
    response: array(WalletCurrency),
    offline: 'last-known',
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
} as const;
