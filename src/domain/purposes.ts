/**
 * Purposes of transaction a recipient's transfers can declare (SPEC §3).
 * The code travels and is stored; the client shows its translated name.
 */
export const PURPOSES_OF_TRANSACTION = [
  'family_support',
  'gift',
  'loan',
  'medical_support',
  'savings',
  'repayment_of_loan',
  'education',
  'personal_transfer',
  'utility_bills',
  'fund_investment',
  'shares_investment',
  'property_rental',
  'property_purchase',
  'loan_payment',
  'insurance_claims',
  'business_insurance',
  'hotel_accommodation',
  'small_value_remittance',
  'travel',
  'maintenance_expenses',
  'medical_treatment',
] as const;

export type PurposeOfTransaction = (typeof PURPOSES_OF_TRANSACTION)[number];

/**
 * The purposes a customer chooses from: each once. "Loan Payment" says what "Repayment of Loan" says, so it is no
 * longer offered; a transfer or recipient that has it keeps it, and its name.
 */
export const PURPOSES_OFFERED: readonly PurposeOfTransaction[] = PURPOSES_OF_TRANSACTION.filter(
  (purpose) => purpose !== 'loan_payment',
);

/** The SPEC's English name of each purpose, the source text of its translations. */
export const PURPOSE_NAMES: Readonly<Record<PurposeOfTransaction, string>> = {
  family_support: 'Family Support',
  gift: 'Gift',
  loan: 'Loan',
  medical_support: 'Medical Support',
  savings: 'Savings',
  repayment_of_loan: 'Repayment of Loan',
  education: 'Education',
  personal_transfer: 'Personal Transfer',
  utility_bills: 'Utility Bills',
  fund_investment: 'Fund Investment',
  shares_investment: 'Shares Investment',
  property_rental: 'Property Rental',
  property_purchase: 'Property Purchase',
  loan_payment: 'Loan Payment',
  insurance_claims: 'Insurance Claims',
  business_insurance: 'Business Insurance',
  hotel_accommodation: 'Hotel Accommodation',
  small_value_remittance: 'Small Value Remittance',
  travel: 'Travel',
  maintenance_expenses: 'Maintenance Expenses',
  medical_treatment: 'Medical Treatment',
};
