import { transfersApi } from '../../../domain/contract/transfers.ts';
import { walletsApi } from '../../../domain/contract/wallets.ts';
import { primeEndpoint } from '../../lib/api/primed-answers.ts';

/**
 * The pay step's data asked for as its page opens (its route's loader), each with the input its part loads it with:
 * the transfer, its disclosure, the wallet balances, the earlier transfers (the scam warning), the card gateway and
 * the saved cards. They come together (`RevealTogether`), so the page shows them all in its first render when they
 * have come by then.
 */
export function askPayAnswers(transRef: string): void {
  primeEndpoint(transfersApi.getTransfer, { params: { trans_ref: transRef } });
  primeEndpoint(transfersApi.getDisclosure, { params: { trans_ref: transRef } });
  primeEndpoint(walletsApi.walletBalances, {});
  primeEndpoint(transfersApi.listTransfers, {});
  primeEndpoint(transfersApi.getCardGateway, {});
  primeEndpoint(walletsApi.listCards, {});
}
