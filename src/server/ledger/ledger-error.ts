/**
 * A posting our own code got wrong (unbalanced, unknown account, currency
 * mismatch): a defect, never the customer's doing, so the API answers 500.
 * What a customer can cause (too little money, a reused key) is an ApiError.
 */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}
