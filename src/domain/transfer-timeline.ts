import type { DisputeOutcome } from './disputes.ts';
import type { PayoutType } from './payout-types.ts';
import type { EventReason, RefundDestination, TransferEvent, TransferNote, TransferStatus } from './transfers.ts';

/**
 * What the customer reads on a transfer's timeline: every step it took, with
 * its time, and the steps still ahead. A cash transfer the partner holds is
 * available for pickup, and picked up when paid out. Notes enter no status:
 * the recipient told by SMS, the fee given back for a late payout.
 */
export const TIMELINE_STEPS = [
  'created',
  'paid',
  'sent',
  'ready_for_pickup',
  'paid_out',
  'picked_up',
  'recipient_told',
  'late_fee_refunded',
  'payout_details_updated',
  'cancelled',
  'expired',
  'rejected',
  'recalled',
  'problem_reported',
  'problem_under_review',
  'problem_resolved',
] as const;
export type TimelineStepKind = (typeof TIMELINE_STEPS)[number];

export interface TimelineStep {
  kind: TimelineStepKind;
  /** ISO 8601 when it happened; null for a step still ahead */
  at: string | null;
  /** why it happened (a rejection, an expiry, the customer's request) */
  reason: EventReason | null;
  /** where the money went back, for a refund */
  refundTo: RefundDestination | null;
  /** how a reported problem ended, on its resolved step */
  outcome: DisputeOutcome | null;
}

/** A reported problem as the API answers it (contract Dispute): its moves so far. */
interface DisputeMoves {
  opened_at: string;
  under_review_at: string | null;
  resolved_at: string | null;
  outcome: DisputeOutcome | null;
}

function disputeSteps(dispute: DisputeMoves): TimelineStep[] {
  const step = (kind: TimelineStepKind, at: string | null, outcome: DisputeOutcome | null = null) =>
    at === null ? [] : [{ kind, at, reason: null, refundTo: null, outcome }];
  return [
    ...step('problem_reported', dispute.opened_at),
    ...step('problem_under_review', dispute.under_review_at),
    ...step('problem_resolved', dispute.resolved_at, dispute.outcome),
  ];
}

/** The history as the API answers it (contract TransferEventView). */
interface HistoryRow {
  event: TransferEvent | 'created' | TransferNote;
  reason: EventReason | null;
  refund_to: RefundDestination | null;
  at: string;
}

function stepOf(event: HistoryRow['event'], cash: boolean): TimelineStepKind {
  switch (event) {
    case 'created':
    case 'payout_details_updated':
    case 'late_fee_refunded':
    case 'recipient_told':
    case 'cancelled':
    case 'expired':
    case 'recalled':
      return event;
    case 'payment_approved':
      return 'paid';
    case 'partner_accepted':
      return cash ? 'ready_for_pickup' : 'sent';
    case 'partner_paid':
      return cash ? 'picked_up' : 'paid_out';
    case 'partner_rejected':
      return 'rejected';
  }
}

/** The steps a transfer in `status` still has ahead on its way to the recipient. */
function stepsAhead(status: TransferStatus, cash: boolean): TimelineStepKind[] {
  const sent: TimelineStepKind = cash ? 'ready_for_pickup' : 'sent';
  const paidOut: TimelineStepKind = cash ? 'picked_up' : 'paid_out';
  switch (status) {
    case 'AWAITING':
      return ['paid', sent, paidOut];
    case 'PENDING':
      return [sent, paidOut];
    case 'SENT':
      return [paidOut];
    default:
      return [];
  }
}

/**
 * A transfer's timeline: what happened, oldest first (a reported problem's
 * moves among them), then what is still ahead (without a time).
 */
export function transferTimeline(
  transfer: {
    status: TransferStatus;
    trans_type: PayoutType;
    events: readonly HistoryRow[];
  },
  dispute: DisputeMoves | null = null,
): TimelineStep[] {
  const cash = transfer.trans_type === 'cash';
  const done = transfer.events.map(
    (row): TimelineStep => ({
      kind: stepOf(row.event, cash),
      at: row.at,
      reason: row.reason,
      refundTo: row.refund_to,
      outcome: null,
    }),
  );
  const happened = [...done, ...(dispute ? disputeSteps(dispute) : [])].sort((a, b) =>
    (a.at ?? '') < (b.at ?? '') ? -1 : (a.at ?? '') > (b.at ?? '') ? 1 : 0,
  );
  const ahead = stepsAhead(transfer.status, cash).map(
    (kind): TimelineStep => ({ kind, at: null, reason: null, refundTo: null, outcome: null }),
  );
  return [...happened, ...ahead];
}
