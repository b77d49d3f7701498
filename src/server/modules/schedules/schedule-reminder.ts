import { SCHEDULE_REMINDER_EMAIL_MANAGE } from '../../../domain/message-texts.ts';
import { displayMoney, formatMinor, parseMinor } from '../../../domain/money.ts';
import {
  SCHEDULE_REMINDER_BODY_TEXT,
  SCHEDULE_REMINDER_TITLE_TEXT,
  SCHEDULE_REMINDER_TOP_UP_TEXT,
} from '../../../domain/notification-texts.ts';
import { findCustomer } from '../../customers/customers.ts';
import { ApiError } from '../../http/api-error.ts';
import { translate } from '../../i18n/catalogs.ts';
import { enqueueMessage } from '../../jobs/message-send-handler.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { notifyCustomer } from '../notifications/notify-customer.ts';
import { saveQuote } from '../quotes/quote-service.ts';
import { SCHEDULE_REMINDER, SCHEDULES_PATH } from './schedule-notices.ts';
import { scheduleAwaitingRun, walletShortfall } from './schedule-run.ts';
import { amountCurrencyOf } from './schedule-view.ts';

/**
 * `schedule.remind`, a day before a run: a push, the bell and an e-mail
 * saying what goes tomorrow, to whom, what it costs at today's rate (the run
 * is priced when it goes) and, paid from the wallet, what to top up. Once
 * per run (the notification's id); nothing when the run will not go (paused,
 * skipped, cancelled) or cannot be priced today (the run will say why).
 */
export const remindSchedule: OutboxHandler = async (payload, { deps }) => {
  const { schedule, run } = await scheduleAwaitingRun(deps.db, payload);
  if (!schedule) return;
  const customer = await findCustomer(deps.db, schedule.customer_id);
  if (!customer) return;
  const owner = { customerId: customer.id, country: customer.country };
  const amountCurrency = amountCurrencyOf(schedule);
  const quote = await saveQuote(deps, owner, {
    source_country_iso2: schedule.source_country,
    destination_country_iso2: schedule.destination_country,
    payout_type: schedule.payout_type,
    amount: formatMinor(schedule.amount, amountCurrency),
    amount_type: schedule.amount_type,
  }).catch((error: unknown) => {
    if (error instanceof ApiError) return undefined;
    throw error;
  });
  if (!quote) return;
  const currency = schedule.source_currency;
  const total = parseMinor(quote.total, currency);
  const short = schedule.payment_type === 'wallet' ? await walletShortfall(deps, schedule, total) : 0n;
  const body = short > 0n ? SCHEDULE_REMINDER_TOP_UP_TEXT : SCHEDULE_REMINDER_BODY_TEXT;
  const texts = (locale: string) => ({
    amount: displayMoney(schedule.amount, amountCurrency, locale),
    name: schedule.beneficiary_name,
    total: displayMoney(total, currency, locale),
    short: displayMoney(short, currency, locale),
  });
  await deps.db.transaction().execute(async (trx) => {
    const told = await notifyCustomer(trx, deps.clock, {
      id: `ntf_sch_remind_${schedule.id}_${run}`,
      customerId: schedule.customer_id,
      category: 'transactions',
      titleKey: SCHEDULE_REMINDER,
      params: {
        name: schedule.beneficiary_name,
        amount: formatMinor(schedule.amount, amountCurrency),
        amount_currency: amountCurrency,
        total: quote.total,
        currency,
        short: formatMinor(short, currency),
      },
      title: SCHEDULE_REMINDER_TITLE_TEXT,
      body,
      texts,
      url: SCHEDULES_PATH,
      tag: `schedule-${schedule.id}`,
      pushCategory: 'transactions',
    });
    if (!told || customer.email === null) return;
    const values = texts(customer.locale);
    await enqueueMessage(
      trx,
      {
        channel: 'email',
        to: customer.email,
        locale: customer.locale,
        subject: translate(customer.locale, SCHEDULE_REMINDER_TITLE_TEXT, values),
        body: [
          translate(customer.locale, SCHEDULE_REMINDER_TITLE_TEXT, values),
          translate(customer.locale, body, values),
          translate(customer.locale, SCHEDULE_REMINDER_EMAIL_MANAGE),
        ].join('\n\n'),
      },
      deps.clock,
    );
  });
};
