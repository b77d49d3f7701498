import type { Transaction } from 'kysely';
import { displayMoney, formatMinor } from '../../../domain/money.ts';
import {
  SCHEDULE_CONFIRM_BODY_TEXT,
  SCHEDULE_CONFIRM_TITLE_TEXT,
  SCHEDULE_DECLINED_TEXT,
  SCHEDULE_FAILED_TEXT,
  SCHEDULE_NOT_SENT_TITLE_TEXT,
  SCHEDULE_RATE_BELOW_TEXT,
  SCHEDULE_SENT_BODY_TEXT,
  SCHEDULE_SENT_TITLE_TEXT,
  SCHEDULE_SHORT_NOTHING_MADE_TEXT,
  SCHEDULE_SHORT_TEXT,
} from '../../../domain/notification-texts.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { ScheduleRow } from '../../db/tables/schedules.ts';
import { type CustomerNotice, notifyCustomer } from '../notifications/notify-customer.ts';
import { transferPath } from '../notifications/push-sending.ts';
import type { RunResult } from './schedule-run.ts';
import { amountCurrencyOf } from './schedule-view.ts';

/** The bell's keys (features/notifications/notification-text.ts words them). */
export const SCHEDULE_SENT = 'schedule.sent';
export const SCHEDULE_NOT_SENT = 'schedule.not_sent';
export const SCHEDULE_CONFIRM = 'schedule.confirm';
export const SCHEDULE_REMINDER = 'schedule.reminder';

/** Where a schedule's notice leads: the run's transfer, or the list of schedules on Transfers. */
export const SCHEDULES_PATH = '/transfers';

type Notice = Omit<CustomerNotice, 'id' | 'customerId' | 'category' | 'pushCategory' | 'tag'>;

function notSent(schedule: ScheduleRow, outcome: RunResult): Notice {
  const ref = outcome.transfer?.trans_ref;
  const currency = schedule.source_currency;
  const short = outcome.short === null ? '' : formatMinor(outcome.short, currency);
  const body =
    outcome.outcome === 'rate_below_limit'
      ? SCHEDULE_RATE_BELOW_TEXT
      : outcome.outcome === 'insufficient_funds'
        ? ref
          ? SCHEDULE_SHORT_TEXT
          : SCHEDULE_SHORT_NOTHING_MADE_TEXT
        : outcome.outcome === 'payment_declined'
          ? SCHEDULE_DECLINED_TEXT
          : SCHEDULE_FAILED_TEXT;
  return {
    titleKey: SCHEDULE_NOT_SENT,
    params: {
      name: schedule.beneficiary_name,
      outcome: outcome.outcome,
      rate: outcome.rate ?? '',
      limit: schedule.min_rate ?? '',
      short,
      currency,
      trans_ref: ref ?? '',
    },
    title: SCHEDULE_NOT_SENT_TITLE_TEXT,
    body,
    texts: (locale) => ({
      name: schedule.beneficiary_name,
      rate: outcome.rate ?? '',
      limit: schedule.min_rate ?? '',
      short: outcome.short === null ? '' : displayMoney(outcome.short, currency, locale),
    }),
    url: ref ? transferPath(ref) : SCHEDULES_PATH,
  };
}

function noticeOf(schedule: ScheduleRow, outcome: RunResult): Notice {
  const transfer = outcome.transfer;
  if (outcome.outcome === 'sent' && transfer) {
    const currency = amountCurrencyOf(schedule);
    return {
      titleKey: SCHEDULE_SENT,
      params: {
        name: schedule.beneficiary_name,
        amount: formatMinor(transfer.receive_amount, transfer.dest_currency),
        currency: transfer.dest_currency,
        rate: transfer.rate,
        trans_ref: transfer.trans_ref,
      },
      title: SCHEDULE_SENT_TITLE_TEXT,
      body: SCHEDULE_SENT_BODY_TEXT,
      texts: (locale) => ({
        name: schedule.beneficiary_name,
        amount: displayMoney(transfer.receive_amount, transfer.dest_currency, locale),
        rate: transfer.rate,
        currency,
      }),
      url: transferPath(transfer.trans_ref),
    };
  }
  if (outcome.outcome === 'needs_confirmation' && transfer) {
    return {
      titleKey: SCHEDULE_CONFIRM,
      params: {
        name: schedule.beneficiary_name,
        total: formatMinor(transfer.total, transfer.source_currency),
        currency: transfer.source_currency,
        trans_ref: transfer.trans_ref,
      },
      title: SCHEDULE_CONFIRM_TITLE_TEXT,
      body: SCHEDULE_CONFIRM_BODY_TEXT,
      texts: (locale) => ({
        name: schedule.beneficiary_name,
        total: displayMoney(transfer.total, transfer.source_currency, locale),
      }),
      url: transferPath(transfer.trans_ref),
    };
  }
  return notSent(schedule, outcome);
}

/** Tell the customer what run `run` came to: in the bell and by push, once per run. */
export async function tellRunOutcome(
  trx: Transaction<Database>,
  clock: Clock,
  schedule: ScheduleRow,
  run: number,
  outcome: RunResult,
): Promise<void> {
  await notifyCustomer(trx, clock, {
    ...noticeOf(schedule, outcome),
    id: `ntf_sch_${schedule.id}_${run}`,
    customerId: schedule.customer_id,
    category: 'transactions',
    tag: `schedule-${schedule.id}`,
    pushCategory: 'transactions',
  });
}
