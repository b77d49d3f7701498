import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Schedule, ScheduleRun } from '../../../domain/contract/schedules.ts';
import type { ScheduleFrequency } from '../../../domain/schedules.ts';

/** How often, as a choice on the form. */
export const FREQUENCY_NAMES: Readonly<Record<ScheduleFrequency, MessageDescriptor>> = {
  once: msg`Once, on a date`,
  weekly: msg`Every week`,
  fortnightly: msg`Every two weeks`,
  monthly: msg`Every month`,
};

/** What a run came to, as the list says it. */
export const RUN_OUTCOME_NAMES: Readonly<Record<ScheduleRun['outcome'], MessageDescriptor>> = {
  sent: msg`Sent`,
  skipped: msg`Skipped by you`,
  rate_below_limit: msg`Not sent: the rate was below your limit`,
  insufficient_funds: msg`Not sent: your wallet held too little`,
  needs_confirmation: msg`Waiting for you to confirm the card payment`,
  payment_declined: msg`Not sent: your card was declined`,
  failed: msg`Not sent`,
};

export const STATUS_NAMES: Readonly<Record<Schedule['status'], MessageDescriptor>> = {
  ACTIVE: msg`On`,
  PAUSED: msg`Paused`,
  ENDED: msg`Ended`,
  CANCELLED: msg`Cancelled`,
};
