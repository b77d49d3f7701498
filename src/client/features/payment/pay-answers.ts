import { paymentCalls } from '../../../domain/contract/transfers/payment.ts';
import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import { savedCardCalls } from '../../../domain/contract/wallets/saved-cards.ts';
import { primeEndpoint, screenAnswers } from '../../lib/api/primed-answers.ts';

/**
 * The pay step's data, asked for together as the page resolves (its route's loader, `askOnLoad`) or the screen first renders (the parts that load it mount only once the transfer
 * has come), each with the input its part loads it with: the transfer, its disclosure, the wallet balances, the
 * earlier transfers (the scam warning), the card gateway and the saved cards.
 */
export const askAnswers = screenAnswers((transRef: string) => {
  primeEndpoint(trackingCalls.getTransfer, { params: { trans_ref: transRef } });
  primeEndpoint(paymentCalls.getDisclosure, { params: { trans_ref: transRef } });
  primeEndpoint(balanceCalls.walletBalances, {});
  primeEndpoint(trackingCalls.listTransfers, {});
  primeEndpoint(paymentCalls.getCardGateway, {});
  primeEndpoint(savedCardCalls.listCards, {});
});
