import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DisputeOutcome, DisputeReason, DisputeState } from '../../../domain/disputes.ts';

/** The reasons a customer may give for a problem with a transfer. */
export const DISPUTE_REASON_TEXTS: Readonly<Record<DisputeReason, MessageDescriptor>> = {
  not_received: msg`The recipient did not receive the money`,
  wrong_amount: msg`The recipient received a different amount`,
  wrong_recipient: msg`The money went to the wrong person or account`,
  late: msg`The money arrived late`,
  charged_incorrectly: msg`I was charged the wrong amount`,
  other: msg`Something else`,
};

/** Where a reported problem stands. */
export const DISPUTE_STATE_TEXTS: Readonly<Record<DisputeState, MessageDescriptor>> = {
  OPEN: msg`Reported: we will look at it within 10 business days.`,
  UNDER_REVIEW: msg`Under review: we are looking into it.`,
  RESOLVED: msg`Resolved.`,
};

/** How a resolved problem ended. */
export const DISPUTE_OUTCOME_TEXTS: Readonly<Record<DisputeOutcome, MessageDescriptor>> = {
  corrected: msg`We found an error and corrected it.`,
  no_error: msg`We found no error. Contact us if you disagree.`,
};
