import type { Minor } from './money.ts';
import type { DocumentKind, DocumentState, VerificationState } from './verification-machine.ts';

/**
 * The risk-based ladder: what Sarraf must know about a customer before a
 * transfer, by how much they send in the year (the figure the profile shows
 * as spent). Written once here; the server enforces it when a transfer is
 * created and the screens show it.
 *
 * 1. Before any transfer: name, date of birth and home address, checked
 *    against a database of people (two-plus-two) and the sanctions watchlist.
 * 2. Once the year's total with this transfer goes above a twenty-fifth of
 *    the yearly limit (£1,000 in the UK): an identity document.
 * 3. Once it goes above two fifths of the yearly limit (£10,000 in the UK):
 *    proof of where the money comes from.
 */
export const LADDER_STEPS = ['identity_checks', 'identity_document', 'source_of_funds'] as const;
export type LadderStep = (typeof LADDER_STEPS)[number];

export interface LadderThresholds {
  /** a year's total above this needs an identity document */
  identityDocumentAbove: Minor;
  /** a year's total above this needs proof of source of funds */
  sourceOfFundsAbove: Minor;
}

export function ladderThresholds(yearlyLimit: Minor): LadderThresholds {
  return { identityDocumentAbove: yearlyLimit / 25n, sourceOfFundsAbove: (yearlyLimit * 2n) / 5n };
}

/** The steps a transfer of `amount` needs when `used` was sent already this year. */
export function stepsNeeded(yearlyLimit: Minor, used: Minor, amount: Minor): LadderStep[] {
  const { identityDocumentAbove, sourceOfFundsAbove } = ladderThresholds(yearlyLimit);
  const total = used + amount;
  const steps: LadderStep[] = ['identity_checks'];
  if (total > identityDocumentAbove) steps.push('identity_document');
  if (total > sourceOfFundsAbove) steps.push('source_of_funds');
  return steps;
}

const settled = (state: DocumentState): boolean => state === 'not_needed' || state === 'passed';

/** Whether the customer has already done what `step` asks. */
export function stepDone(state: VerificationState, step: LadderStep): boolean {
  switch (step) {
    case 'identity_checks':
      return (
        state.database === 'done' &&
        !state.review &&
        settled(state.documents.identity) &&
        settled(state.documents.address)
      );
    case 'identity_document':
      return state.documents.identity === 'passed';
    case 'source_of_funds':
      return state.documents.source_of_funds === 'passed';
  }
}

/** The document a step asks the customer for, if it asks for one. */
export const STEP_DOCUMENT: Record<LadderStep, DocumentKind | null> = {
  identity_checks: null,
  identity_document: 'identity',
  source_of_funds: 'source_of_funds',
};
