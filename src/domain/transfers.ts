import type { PayoutType } from './payout-types.ts';

/**
 * The transfer state machine (SPEC §4). A transfer is created AWAITING its
 * payment; an approved payment makes it PENDING (we hold the money); the
 * payout partner takes it (SENT) and delivers it (PAID). CLOSED ends it
 * without delivery, with a reason. PAID and CLOSED are terminal.
 */
export const TRANSFER_STATUSES = ['AWAITING', 'PENDING', 'SENT', 'PAID', 'CLOSED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** What can happen to a transfer. */
export const TRANSFER_EVENTS = [
  'payment_approved',
  'cancelled',
  'expired',
  'partner_accepted',
  'partner_paid',
  'partner_rejected',
  'recalled',
] as const;
export type TransferEvent = (typeof TRANSFER_EVENTS)[number];

/**
 * What a transfer's history records besides its moves, entering no status:
 * its payout details corrected; its fee given back for a payout later than
 * promised (delivery-promise.ts); the recipient told by SMS that the money is there.
 */
export const TRANSFER_NOTES = ['payout_details_updated', 'late_fee_refunded', 'recipient_told'] as const;
export type TransferNote = (typeof TRANSFER_NOTES)[number];

/**
 * Why a CLOSED transfer ended, by the event that closed it. `cancelled`:
 * by the customer before paying; `recalled`: by the customer after paying,
 * inside the cancellation right (US senders), and refunded.
 */
export const CLOSE_REASONS = ['cancelled', 'expired', 'rejected', 'recalled'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** Who or what moved a transfer: the customer, the card gateway, the payout partner, or our own timers. */
export const EVENT_ACTORS = ['customer', 'gateway', 'partner', 'system'] as const;
export type EventActor = (typeof EVENT_ACTORS)[number];

/** Where a refund went: the customer's Sarraf wallet, or back to the card that paid. */
export const REFUND_DESTINATIONS = ['wallet', 'card'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/**
 * Why something happened to a transfer, as codes the client explains:
 * the customer asked; it was not paid while its rate held; the partner could
 * not match the recipient's details; the partner refused it for another reason.
 */
export const EVENT_REASONS = [
  'customer_request',
  'unpaid_in_time',
  'recipient_details_mismatch',
  'partner_refused',
] as const;
export type EventReason = (typeof EVENT_REASONS)[number];

/** Who moves a transfer by each event. */
export const EVENT_ACTOR: Readonly<Record<TransferEvent, EventActor>> = {
  payment_approved: 'gateway',
  cancelled: 'customer',
  expired: 'system',
  partner_accepted: 'partner',
  partner_paid: 'partner',
  partner_rejected: 'partner',
  recalled: 'customer',
};

/** The only transitions there are: status → event → next status. */
export const TRANSFER_TRANSITIONS: Readonly<
  Record<TransferStatus, Readonly<Partial<Record<TransferEvent, TransferStatus>>>>
> = {
  AWAITING: { payment_approved: 'PENDING', cancelled: 'CLOSED', expired: 'CLOSED' },
  PENDING: { partner_accepted: 'SENT', partner_rejected: 'CLOSED', recalled: 'CLOSED' },
  SENT: { partner_paid: 'PAID', partner_rejected: 'CLOSED', recalled: 'CLOSED' },
  PAID: {},
  CLOSED: {},
};

const CLOSE_REASON_OF: Readonly<Partial<Record<TransferEvent, CloseReason>>> = {
  cancelled: 'cancelled',
  expired: 'expired',
  partner_rejected: 'rejected',
  recalled: 'recalled',
};

export type TransitionResult =
  | { ok: true; to: TransferStatus; closeReason: CloseReason | null }
  | { ok: false; refusal: string };

/** The status `event` moves a transfer in `from` to, or why it cannot happen. */
export function transition(from: TransferStatus, event: TransferEvent): TransitionResult {
  const to = TRANSFER_TRANSITIONS[from][event];
  if (!to) return { ok: false, refusal: `A transfer in status ${from} cannot be ${EVENT_PHRASES[event]}` };
  return { ok: true, to, closeReason: to === 'CLOSED' ? (CLOSE_REASON_OF[event] ?? null) : null };
}

const EVENT_PHRASES: Readonly<Record<TransferEvent, string>> = {
  payment_approved: 'paid',
  cancelled: 'cancelled',
  expired: 'expired',
  partner_accepted: 'sent to the payout partner',
  partner_paid: 'paid out',
  partner_rejected: 'rejected by the payout partner',
  recalled: 'cancelled',
};

export function isTerminal(status: TransferStatus): boolean {
  return Object.keys(TRANSFER_TRANSITIONS[status]).length === 0;
}

/** Statuses of a transfer the customer has paid for and not been refunded: what counts as sent. */
export const FUNDED_STATUSES: readonly TransferStatus[] = ['PENDING', 'SENT', 'PAID'];

/** Close reasons of a transfer that was paid for and whose money went back to the customer. */
export const REFUNDED_CLOSE_REASONS: readonly CloseReason[] = ['rejected', 'recalled'];

/** What the payout partner can report of an order. */
export const PARTNER_STATUSES = ['SENT', 'PAID', 'REJECTED', 'CANCELLED'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/**
 * The moves a partner report makes of a transfer in `status`, in order. The
 * partner is never trusted blindly: a report that arrives late (SENT after
 * PAID), twice, or for a transfer already closed moves nothing, and one that
 * skips a step (PAID before SENT was seen) walks the machine through it.
 * CANCELLED only confirms a recall we made ourselves.
 */
export function partnerMoves(status: TransferStatus, reported: PartnerStatus): TransferEvent[] {
  if (status !== 'PENDING' && status !== 'SENT') return [];
  const accepted: TransferEvent[] = status === 'PENDING' ? ['partner_accepted'] : [];
  switch (reported) {
    case 'SENT':
      return accepted;
    case 'PAID':
      return [...accepted, 'partner_paid'];
    case 'REJECTED':
      return ['partner_rejected'];
    case 'CANCELLED':
      return [];
  }
}

/**
 * The US cancellation right (Regulation E, 12 CFR 1005.34): a US sender may
 * cancel within 30 minutes of paying, while the money has not been picked up
 * or deposited, and gets everything back.
 */
export const CANCELLATION_RIGHT_SECONDS = 30 * 60;
export const CANCELLATION_RIGHT_COUNTRIES: readonly string[] = ['US'];

/** Until when the customer may still cancel a paid transfer; null when they have no such right (any more). */
export function cancellableUntil(
  transfer: { status: TransferStatus; send_country: string; funded_at: Date | null },
  windowSeconds: number,
): Date | null {
  if (!CANCELLATION_RIGHT_COUNTRIES.includes(transfer.send_country) || transfer.funded_at === null) return null;
  if (transfer.status !== 'PENDING' && transfer.status !== 'SENT') return null;
  return new Date(transfer.funded_at.getTime() + windowSeconds * 1000);
}

/** The SPEC §4 status labels, as keys the client translates. */
export const STATUS_LABEL_KEYS = [
  'waiting_for_payment',
  'processing',
  'sent_for_pay',
  'ready_for_pickup',
  'completed',
  'canceled',
  'rejected',
] as const;
export type StatusLabelKey = (typeof STATUS_LABEL_KEYS)[number];

/** The SPEC's English text of each label, the source of its translations. */
export const STATUS_LABEL_TEXTS: Readonly<Record<StatusLabelKey, string>> = {
  waiting_for_payment: 'Waiting for payment',
  processing: 'Processing',
  sent_for_pay: 'Sent for pay',
  ready_for_pickup: 'Ready for pickup',
  completed: 'Completed',
  canceled: 'Canceled',
  rejected: 'Rejected',
};

/** The label a customer reads for a transfer: a SENT cash transfer waits at the agent for pickup. */
export function statusLabel(
  status: TransferStatus,
  payoutType: PayoutType,
  closeReason: CloseReason | null,
): StatusLabelKey {
  switch (status) {
    case 'AWAITING':
      return 'waiting_for_payment';
    case 'PENDING':
      return 'processing';
    case 'SENT':
      return payoutType === 'cash' ? 'ready_for_pickup' : 'sent_for_pay';
    case 'PAID':
      return 'completed';
    case 'CLOSED':
      return closeReason === 'rejected' ? 'rejected' : 'canceled';
  }
}

/** A transfer's short human reference: "SR" and 8 Crockford base32 characters (no I, L, O, U). */
export const TRANSFER_REFERENCE = /^SR[0-9A-HJKMNP-TV-Z]{8}$/;

export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
