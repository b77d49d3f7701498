import type { PurposeOfTransaction } from './purposes.ts';

/** The patterns of the scams that ask for money transfers, by what the sender is told the money is for. */
export type ScamPattern = 'investment' | 'loan' | 'emergency';

const PATTERN_OF: Readonly<Partial<Record<PurposeOfTransaction, ScamPattern>>> = {
  fund_investment: 'investment',
  shares_investment: 'investment',
  loan: 'loan',
  loan_payment: 'loan',
  repayment_of_loan: 'loan',
  medical_support: 'emergency',
  medical_treatment: 'emergency',
};

/**
 * The scam warning to show before paying a transfer, or null: only for the
 * first payment to a recipient, and only when its purpose is one scammers
 * use (an investment, a loan fee, a relative's sudden emergency).
 * `earlier` are the customer's transfers; a paid one to the same recipient
 * (other than this one) means they have been paid before.
 */
export function scamWarningFor(
  transfer: { trans_ref: string; purpose: PurposeOfTransaction; beneficiary: { id: string } },
  earlier: readonly { trans_ref: string; funded_at: string | null; beneficiary: { id: string } }[],
): ScamPattern | null {
  const pattern = PATTERN_OF[transfer.purpose];
  if (pattern === undefined) return null;
  const paidBefore = earlier.some(
    (t) => t.trans_ref !== transfer.trans_ref && t.beneficiary.id === transfer.beneficiary.id && t.funded_at !== null,
  );
  return paidBefore ? null : pattern;
}
