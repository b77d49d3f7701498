import { transfersApi } from '../../../domain/contract/transfers.ts';
import { walletsApi } from '../../../domain/contract/wallets.ts';
import { primeEndpoint } from '../../lib/api/primed-answers.ts';
import { RECENT_TRANSACTIONS_SHOWN } from './recent-transactions-card.tsx';

/**
 * The wallets screen's data, asked for together as it first renders, each with the input its card loads it with: the
 * wallets, the currencies, the recent transactions, the rate alerts and the saved cards.
 */
export function askWalletsAnswers(): void {
  primeEndpoint(walletsApi.getWallets, {});
  primeEndpoint(walletsApi.walletCurrencies, {});
  primeEndpoint(transfersApi.listRecentTransfers, { query: { limit: RECENT_TRANSACTIONS_SHOWN } });
  primeEndpoint(walletsApi.listRateAlerts, {});
  primeEndpoint(walletsApi.listCards, {});
}
