import { beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { primeEndpoint, screenAnswers } from '../../lib/api/primed-answers.ts';

/** /recipients' list, asked for as the page resolves (its route's loader, `askOnLoad`) or the screen first renders, as `RecipientsScreen` loads it. */
export const askAnswers = screenAnswers(() => {
  primeEndpoint(beneficiariesApi.listBeneficiaries, { query: {} });
});
