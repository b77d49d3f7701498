import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import { primeEndpoint, screenAnswers } from '../../lib/api/primed-answers.ts';

/** /transfers' list, asked for as the page resolves (its route's loader, `askOnLoad`) or the screen first renders, with the input `useTransfers` loads it with. */
export const askAnswers = screenAnswers(() => {
  primeEndpoint(trackingCalls.listTransfers, {});
});
