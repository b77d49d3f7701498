import { PAYOUT_TYPES } from '../payout-types.ts';
import { AMOUNT_TYPES } from '../pricing.ts';
import { PURPOSES_OF_TRANSACTION } from '../purposes.ts';
import { MAX_SCHEDULE_RUNS, parseCalendarDate, SCHEDULE_END_TYPES, SCHEDULE_FREQUENCIES } from '../schedules.ts';
import { endpoint } from './endpoint.ts';
import { AmountString } from './rates.ts';
import { SavedCardId } from './saved-card-id.ts';
import { array, boolean, enums, type Infer, integer, nullable, object, optional, refine, string } from './structs.ts';
import { TransferReference } from './transfers/transfer.ts';
import { TargetRate } from './wallets/rate-alerts.ts';

/**
 * Scheduled and recurring transfers (SPEC beyond the anchors): a transfer the
 * customer made, sent again on a date or every week, two weeks or month, each
 * run priced when it goes and paid from the wallet or a saved card.
 */

const CalendarDate = (field: string) =>
  refine(string(), field, (value) => parseCalendarDate(value) !== undefined || 'Enter a date as YYYY-MM-DD', {
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'a calendar date, YYYY-MM-DD',
  });

const Count = (field: string, max: number) =>
  refine(integer(), field, (value) => (value >= 1 && value <= max) || `Choose from 1 to ${max}`, {
    minimum: 1,
    maximum: max,
  });

const ScheduleId = refine(
  string(),
  'schedule_id',
  (value) => /^sch_[A-Za-z0-9_-]{1,64}$/.test(value) || 'Unknown schedule',
  {
    pattern: '^sch_[A-Za-z0-9_-]{1,64}$',
  },
);

export const SCHEDULE_PAYMENT_TYPES = ['wallet', 'card'] as const;
export const SCHEDULE_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED', 'CANCELLED'] as const;
export const SCHEDULE_RUN_OUTCOMES = [
  'sent',
  'skipped',
  'rate_below_limit',
  'insufficient_funds',
  'needs_confirmation',
  'payment_declined',
  'failed',
] as const;

/**
 * POST /remit/schedules body: repeat the transfer `trans_ref` (its recipient,
 * amount and purpose). `day_of_month` for monthly runs (default: the start
 * date's day; the month's last day when it has fewer); `end_count` with
 * `after_count`, `end_date` with `on_date`; `min_rate`: a run goes only if
 * one unit of the source currency buys at least this much; a card needs
 * `saved_card_id` and the customer's `card_consent` to charge it unattended.
 */
export const CreateScheduleRequest = object({
  trans_ref: TransferReference,
  frequency: enums(SCHEDULE_FREQUENCIES),
  start_date: CalendarDate('start_date'),
  day_of_month: optional(Count('day_of_month', 31)),
  end_type: enums(SCHEDULE_END_TYPES),
  end_count: optional(Count('end_count', MAX_SCHEDULE_RUNS)),
  end_date: optional(CalendarDate('end_date')),
  min_rate: optional(TargetRate),
  payment_type: enums(SCHEDULE_PAYMENT_TYPES),
  saved_card_id: optional(SavedCardId('saved_card_id')),
  card_consent: optional(boolean()),
});
export type CreateScheduleRequest = Infer<typeof CreateScheduleRequest>;

/** POST /remit/schedules/update body: a new amount (in the schedule's amount currency) and rate limit (null: none). */
export const UpdateScheduleRequest = object({
  schedule_id: ScheduleId,
  amount: AmountString,
  min_rate: nullable(TargetRate),
});
export type UpdateScheduleRequest = Infer<typeof UpdateScheduleRequest>;

/** POST /remit/schedules/{pause,resume,cancel} body. */
export const ScheduleAction = object({ schedule_id: ScheduleId });
export type ScheduleAction = Infer<typeof ScheduleAction>;

/** POST /remit/schedules/skip body: skip the run of `run_date`, which must be the next one (a stale screen skips nothing). */
export const SkipScheduleRunRequest = object({ schedule_id: ScheduleId, run_date: CalendarDate('run_date') });
export type SkipScheduleRunRequest = Infer<typeof SkipScheduleRunRequest>;

/** A run that came due or was skipped. */
export const ScheduleRun = object({
  run_date: string(),
  outcome: enums(SCHEDULE_RUN_OUTCOMES),
  /** the transfer it made, if any */
  trans_ref: nullable(string()),
  /** the rate it was priced at, if it was */
  rate: nullable(string()),
  /** why it did not go, in English (the client words each outcome itself) */
  reason: nullable(string()),
});
export type ScheduleRun = Infer<typeof ScheduleRun>;

/** A schedule as its owner sees it. Amounts are decimal strings in `amount_currency`. */
export const Schedule = object({
  id: string(),
  from_trans_ref: string(),
  beneficiary_id: string(),
  beneficiary_name: string(),
  destination_country_iso2: string(),
  payout_type: enums(PAYOUT_TYPES),
  source_currency: string(),
  destination_currency: string(),
  amount_type: enums(AMOUNT_TYPES),
  amount: string(),
  amount_currency: string(),
  purpose_of_transaction: enums(PURPOSES_OF_TRANSACTION),
  frequency: enums(SCHEDULE_FREQUENCIES),
  start_date: string(),
  day_of_month: nullable(integer()),
  end_type: enums(SCHEDULE_END_TYPES),
  end_count: nullable(integer()),
  end_date: nullable(string()),
  min_rate: nullable(string()),
  payment_type: enums(SCHEDULE_PAYMENT_TYPES),
  saved_card_id: nullable(string()),
  status: enums(SCHEDULE_STATUSES),
  /** the next run's date while the schedule goes on; null once it ended or was cancelled */
  next_run_date: nullable(string()),
  /** ISO 8601: when the next run goes */
  next_run_at: nullable(string()),
  /** runs so far, newest first (at most 12) */
  runs: array(ScheduleRun),
  created_at: string(),
});
export type Schedule = Infer<typeof Schedule>;

/** Scheduled and recurring transfers. */
export const schedulesApi = {
  listSchedules: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/schedules',
    auth: 'session',
    /** newest first, ended and cancelled ones included */
    response: array(Schedule),
    offline: 'last-known',
  }),
  createSchedule: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/schedules',
    auth: 'session',
    body: CreateScheduleRequest,
    response: Schedule,
    status: 201,
    idempotent: true,
  }),
  updateSchedule: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/schedules/update',
    auth: 'session',
    body: UpdateScheduleRequest,
    response: Schedule,
  }),
  pauseSchedule: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/schedules/pause',
    auth: 'session',
    body: ScheduleAction,
    response: Schedule,
  }),
  resumeSchedule: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/schedules/resume',
    auth: 'session',
    body: ScheduleAction,
    response: Schedule,
  }),
  skipScheduleRun: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/schedules/skip',
    auth: 'session',
    body: SkipScheduleRunRequest,
    response: Schedule,
  }),
  cancelSchedule: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/schedules/cancel',
    auth: 'session',
    body: ScheduleAction,
    response: Schedule,
  }),
} as const;
