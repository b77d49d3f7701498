import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import { conversionCalls } from '../../../domain/contract/wallets/conversion.ts';
import { rateAlertCalls } from '../../../domain/contract/wallets/rate-alerts.ts';
import { savedCardCalls } from '../../../domain/contract/wallets/saved-cards.ts';
import { primeEndpoint } from '../../lib/api/primed-answers.ts';
import { primeStoredHistory } from './conversion-history.ts';
import { RECENT_TRANSACTIONS_SHOWN } from './recent-transactions-card.tsx';

/**
 * /wallets' data, asked for together as the page resolves (its route's loader, `askOnLoad`) or the screen first renders, each with the input its card loads it with: the
 * balances and the wallet currencies are shared by two cards each, which had each asked the server on their own, and
 * the screen shows its cards together once all have come (`RevealTogether`), so its slowest answer is its first paint;
 * the conversion history's first page, asked when that card mounted, came a round trip after the others; and what this
 * device stored of that history, read from IndexedDB, came after the worker's answers. Its route does not wait for
 * them (`screenAnswers`): the cards are shown together anyway, and the render, begun at once, takes each as it comes;
 * offline at 4× CPU, waiting made the page 25 ms slower.
 */
export function askAnswers(): void {
  primeEndpoint(balanceCalls.getWallets, {});
  primeEndpoint(balanceCalls.walletCurrencies, {});
  primeEndpoint(trackingCalls.listRecentTransfers, { query: { limit: RECENT_TRANSACTIONS_SHOWN } });
  primeEndpoint(rateAlertCalls.listRateAlerts, {});
  primeEndpoint(savedCardCalls.listCards, {});
  primeEndpoint(conversionCalls.listConversions, {});
  primeStoredHistory();
}
