import { WALLET_MOVEMENTS_PAGE, walletsApi } from '../../../domain/contract/wallets.ts';
import { Answer, area } from '../../http/mount-endpoints.ts';
import { convertQuote, exchangeRate } from './conversion-rates.ts';
import { executeConversion, listConversions } from './conversion-service.ts';
import { createRateAlert, deleteRateAlert, listRateAlerts } from './rate-alerts.ts';
import { addCard, deleteCard, listCards } from './saved-cards.ts';
import { getTopUp, topUpByBankLink, topUpOptions, topUpWallet } from './top-up-service.ts';
import { listWalletMovements, walletStatement } from './wallet-movements.ts';
import { balancesByCurrency, listWallets, openWallets, walletBalance, walletCurrencies } from './wallet-service.ts';
import { walletStatistics } from './wallet-statistics.ts';

/** Wallets (SPEC §7): the customer's balances, opening wallets, rates and conversions between them. */
export const walletsArea = area(walletsApi, {
  walletCurrencies: ({ session }) => walletCurrencies(session),
  currencies: ({ session }) => walletCurrencies(session),
  getWallets: ({ deps, session }) => listWallets(deps, session),
  createWallet: async ({ deps, session, body }) => {
    const { wallets, created } = await openWallets(deps, session, [body.currency]);
    const [wallet] = wallets;
    if (!wallet) throw new Error('opening a wallet answered none');
    return created ? wallet : new Answer(wallet, 200);
  },
  createWallets: async ({ deps, session, body }) => {
    const { wallets, created } = await openWallets(deps, session, body.currencies);
    return created ? wallets : new Answer(wallets, 200);
  },
  walletBalances: ({ deps, session }) => balancesByCurrency(deps, session),
  getBalance: ({ deps, session, body }) => walletBalance(deps, session, body.currency),
  getBalances: ({ deps, session }) => listWallets(deps, session),
  exchangeRate: ({ deps, session, query }) => exchangeRate(deps, session, query),
  convertQuote: ({ deps, session, body }) => convertQuote(deps, session, body),
  exchangeQuote: ({ deps, session, body }) => convertQuote(deps, session, body),
  executeConversion: async ({ deps, session, body, idempotency }) => {
    const { conversion, created } = await executeConversion(deps, session, body, idempotency);
    return created ? conversion : new Answer(conversion, 200);
  },
  listConversions: ({ deps, session, query }) => listConversions(deps, session.customerId, query),
  statistics: ({ deps, session, query }) => walletStatistics(deps, session, query.currency),
  walletMovements: ({ deps, session, query }) =>
    listWalletMovements(deps, session, query, query.limit ?? WALLET_MOVEMENTS_PAGE),
  walletStatement: ({ deps, session, query }) => walletStatement(deps, session, query),
  topUpOptions: ({ deps, session }) => topUpOptions(deps, session),
  topUp: async ({ deps, session, body, idempotency }) => {
    const { topUp, created } = await topUpWallet(deps, session, body, idempotency);
    return created ? topUp : new Answer(topUp, 200);
  },
  topUpByBankLink: async ({ deps, session, body, idempotency }) => {
    const { topUp, created } = await topUpByBankLink(deps, session, body, idempotency);
    return created ? topUp : new Answer(topUp, 200);
  },
  getTopUp: ({ deps, session, params }) => getTopUp(deps, session, params.top_up_id),
  listRateAlerts: ({ deps, session }) => listRateAlerts(deps.db, session),
  createRateAlert: ({ deps, session, body }) => createRateAlert(deps, session, body),
  deleteRateAlert: ({ deps, session, body }) => deleteRateAlert(deps, session, body.alert_id),
  addCard: async ({ deps, session, body }) => {
    const { card, created } = await addCard(deps, session, body);
    return created ? card : new Answer(card, 200);
  },
  listCards: ({ deps, session }) => listCards(deps, session),
  deleteCard: ({ deps, session, body }) => deleteCard(deps, session, body.card_id),
});
