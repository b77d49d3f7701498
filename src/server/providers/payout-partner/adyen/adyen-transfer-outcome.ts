import type { EventReason, PartnerStatus } from '../../../../domain/transfers.ts';

/** Adyen's statuses of a bank transfer that end it unpaid: the money stays with (or comes back to) our balance account. */
const UNPAID_STATUSES: ReadonlySet<string> = new Set([
  'refused',
  'failed',
  'error',
  'returned',
  'cancelled',
  'expired',
]);

/** Adyen's reasons that say the recipient's account details are wrong: the customer can correct them. */
const DETAILS_REASONS: ReadonlySet<string> = new Set([
  'counterpartyAccountNotFound',
  'counterpartyAccountClosed',
  'counterpartyAccountBlocked',
  'counterpartyAddressRequired',
]);

/**
 * Our report of an Adyen bank transfer, from what its webhooks last said:
 * REJECTED once Adyen refused, failed or the bank returned it (with
 * `recipient_details_mismatch` when the account was not found, closed or
 * blocked, else `partner_refused`); PAID once Adyen's tracking says the
 * recipient's bank credited the account; SENT before (received, authorised,
 * booked: the money has left, the bank has not confirmed).
 */
export function partnerStatusOf(transfer: { status: string; reason: string | null; credited: boolean }): {
  status: PartnerStatus;
  reason: EventReason | null;
} {
  if (UNPAID_STATUSES.has(transfer.status)) {
    const reason = transfer.reason !== null && DETAILS_REASONS.has(transfer.reason);
    return { status: 'REJECTED', reason: reason ? 'recipient_details_mismatch' : 'partner_refused' };
  }
  if (transfer.credited || transfer.status === 'credited') return { status: 'PAID', reason: null };
  return { status: 'SENT', reason: null };
}
