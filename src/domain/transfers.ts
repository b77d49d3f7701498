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
] as const;
export type TransferEvent = (typeof TRANSFER_EVENTS)[number];

/** Why a CLOSED transfer ended, by the event that closed it. */
export type CloseReason = 'cancelled' | 'expired' | 'rejected';

/** The only transitions there are: status → event → next status. */
export const TRANSFER_TRANSITIONS: Readonly<
  Record<TransferStatus, Readonly<Partial<Record<TransferEvent, TransferStatus>>>>
> = {
  AWAITING: { payment_approved: 'PENDING', cancelled: 'CLOSED', expired: 'CLOSED' },
  PENDING: { partner_accepted: 'SENT', partner_rejected: 'CLOSED' },
  SENT: { partner_paid: 'PAID', partner_rejected: 'CLOSED' },
  PAID: {},
  CLOSED: {},
};

const CLOSE_REASONS: Readonly<Partial<Record<TransferEvent, CloseReason>>> = {
  cancelled: 'cancelled',
  expired: 'expired',
  partner_rejected: 'rejected',
};

export type TransitionResult =
  | { ok: true; to: TransferStatus; closeReason: CloseReason | null }
  | { ok: false; refusal: string };

/** The status `event` moves a transfer in `from` to, or why it cannot happen. */
export function transition(from: TransferStatus, event: TransferEvent): TransitionResult {
  const to = TRANSFER_TRANSITIONS[from][event];
  if (!to) return { ok: false, refusal: `A transfer in status ${from} cannot be ${EVENT_PHRASES[event]}` };
  return { ok: true, to, closeReason: to === 'CLOSED' ? (CLOSE_REASONS[event] ?? null) : null };
}

const EVENT_PHRASES: Readonly<Record<TransferEvent, string>> = {
  payment_approved: 'paid',
  cancelled: 'cancelled',
  expired: 'expired',
  partner_accepted: 'sent to the payout partner',
  partner_paid: 'paid out',
  partner_rejected: 'rejected by the payout partner',
};

export function isTerminal(status: TransferStatus): boolean {
  return Object.keys(TRANSFER_TRANSITIONS[status]).length === 0;
}

/** Statuses of a transfer the customer has paid for and not been refunded: what counts as sent. */
export const FUNDED_STATUSES: readonly TransferStatus[] = ['PENDING', 'SENT', 'PAID'];

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
