import type { Corridor } from '../beneficiaries/load-beneficiary-schema.ts';
import type { SendMoneyDraft } from './send-money-draft.ts';

/** The corridor the draft's quote pays into, once there is one. */
export function draftCorridor(draft: SendMoneyDraft | undefined): Corridor | undefined {
  if (!draft?.destination || !draft.quote) return undefined;
  return {
    country: draft.destination.country,
    payoutType: draft.destination.payoutType,
    currency: draft.quote.quote.destination_currency,
  };
}
