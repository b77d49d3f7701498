import { transfersApi } from '../../../domain/contract/transfers.ts';
import { walletsApi } from '../../../domain/contract/wallets.ts';
import { primeEndpoint, screenAnswers } from '../../lib/api/primed-answers.ts';

/**
 * The pay step's data, asked for together as the page resolves (its route's loader, `askOnLoad`) or the screen first renders (the parts that load it mount only once the transfer
 * has come), each with the input its part loads it with: the transfer, its disclosure, the wallet balances, the
 * earlier transfers (the scam warning), the card gateway and the saved cards.
 */
export const askAnswers = screenAnswers((transRef: string) => {
  primeEndpoint(transfersApi.getTransfer, { params: { trans_ref: transRef } });
  primeEndpoint(transfersApi.getDisclosure, { params: { trans_ref: transRef } });
  primeEndpoint(walletsApi.walletBalances, {});
  primeEndpoint(transfersApi.listTransfers, {});
  primeEndpoint(transfersApi.getCardGateway, {});
  primeEndpoint(walletsApi.listCards, {});
});
