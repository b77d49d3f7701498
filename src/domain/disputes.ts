/**
 * Disputes: a customer reports a problem with a paid transfer (the US
 * error-resolution right, 12 CFR 1005.33: within 180 days of the date the
 * money was to be available). A dispute is OPEN, then UNDER_REVIEW, then
 * RESOLVED with an outcome; one transfer has at most one dispute not yet
 * resolved.
 */

export const DISPUTE_REASONS = [
  'not_received',
  'wrong_amount',
  'wrong_recipient',
  'late',
  'charged_incorrectly',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATES = ['OPEN', 'UNDER_REVIEW', 'RESOLVED'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** How a resolved dispute ended: an error found and put right, or no error found. */
export const DISPUTE_OUTCOMES = ['corrected', 'no_error'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** The moves a review may make; anything else is refused. */
const DISPUTE_MOVES: Readonly<Record<DisputeState, readonly DisputeState[]>> = {
  OPEN: ['UNDER_REVIEW', 'RESOLVED'],
  UNDER_REVIEW: ['RESOLVED'],
  RESOLVED: [],
};

export function disputeMoveAllowed(from: DisputeState, to: DisputeState): boolean {
  return DISPUTE_MOVES[from].includes(to);
}

/** How long after the date available a problem may be reported. */
export const DISPUTE_WINDOW_DAYS = 180;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last moment a problem with a transfer may be reported: 180 days after
 * the date its money was available (paid out), or, while not paid out, after
 * it was paid for. Null for a transfer never paid for: nothing to dispute.
 */
export function disputableUntil(transfer: { funded_at: Date | null; paid_at: Date | null }): Date | null {
  const available = transfer.paid_at ?? transfer.funded_at;
  return available === null ? null : new Date(available.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS);
}

/** Free text the customer adds to a dispute: at most this many characters. */
export const DISPUTE_DESCRIPTION_MAX = 1000;
