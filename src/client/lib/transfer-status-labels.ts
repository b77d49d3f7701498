import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StatusLabelKey } from '../../domain/transfers.ts';

/** SPEC §4 status labels, as the customer reads them. */
export const STATUS_LABELS: Readonly<Record<StatusLabelKey, MessageDescriptor>> = {
  waiting_for_payment: msg`Waiting for payment`,
  processing: msg`Processing`,
  sent_for_pay: msg`Sent for pay`,
  ready_for_pickup: msg`Ready for pickup`,
  completed: msg`Completed`,
  canceled: msg`Canceled`,
  rejected: msg`Rejected`,
};
