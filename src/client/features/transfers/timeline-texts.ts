import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TimelineStepKind } from '../../../domain/transfer-timeline.ts';
import type { EventReason, RefundDestination } from '../../../domain/transfers.ts';

/** What each step of a transfer's timeline says. */
export const STEP_TEXTS: Readonly<Record<TimelineStepKind, MessageDescriptor>> = {
  created: msg`Transfer created`,
  paid: msg`Paid by you`,
  sent: msg`Sent to our payout partner`,
  ready_for_pickup: msg`Available for pickup`,
  paid_out: msg`Paid out to the recipient`,
  picked_up: msg`Collected by the recipient`,
  recipient_told: msg`We texted the recipient that the money is there`,
  late_fee_refunded: msg`Later than we promised: your fee went back to your Sarraf wallet`,
  payout_details_updated: msg`Payout details updated`,
  cancelled: msg`Cancelled before payment`,
  expired: msg`Cancelled: not paid before its rate expired`,
  rejected: msg`Rejected by the payout partner`,
  recalled: msg`Cancelled by you`,
  problem_reported: msg`Problem reported by you`,
  problem_under_review: msg`Problem under review`,
  problem_resolved: msg`Problem resolved`,
};

/** Why a step happened, where it is worth saying. */
export const REASON_TEXTS: Readonly<Partial<Record<EventReason, MessageDescriptor>>> = {
  recipient_details_mismatch: msg`The recipient's details did not match the payout account.`,
  partner_refused: msg`The payout partner could not pay it out.`,
};

/** Where the money went back. */
export const REFUND_TEXTS: Readonly<Record<RefundDestination, MessageDescriptor>> = {
  wallet: msg`Everything you paid, fee included, went back to your Sarraf wallet.`,
  card: msg`Everything you paid, fee included, went back to the card you paid with.`,
};
