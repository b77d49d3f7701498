import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { RATE_ALERT_BODY_TEXT, RATE_ALERT_TITLE_TEXT } from '../../../domain/notification-texts.ts';
import { reached } from '../../../domain/rate-alerts.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { notifyCustomer } from '../notifications/notify-customer.ts';

/**
 * `rate-alert.check`: ask the feed for the rate of every pair with an alert
 * waiting and fire each alert its rate has reached, once: FIRED, with an
 * in-app notification and a push to each subscribed browser (in the
 * customer's language, saying what the bell says), in one transaction. While alerts wait, the next check is queued a period later
 * (one event per period, however many alerts or checks asked for it).
 */
export const RATE_ALERT_CHECK = 'rate-alert.check';
export const RATE_ALERT_CHECK_SECONDS = 60;
/** The notification's title key; the client words it with its params. */
export const RATE_ALERT_TITLE = 'rate_alert.reached';

type Writer = Db | Transaction<Database>;

/** The next periodic check: queued once per period. */
export function enqueueRateAlertCheck(db: Writer, deps: AppDeps): Promise<string> {
  const period = RATE_ALERT_CHECK_SECONDS * 1000;
  const slot = Math.floor(deps.clock.now().getTime() / period) + 1;
  return enqueue(
    db,
    {
      topic: RATE_ALERT_CHECK,
      payload: {},
      availableAt: new Date(slot * period),
      dedupeKey: `${RATE_ALERT_CHECK}:${slot}`,
    },
    deps.clock,
  );
}

/** A check at once (the sandbox rate control, after it moved a rate). */
export function enqueueRateAlertCheckNow(db: Writer, deps: AppDeps): Promise<string> {
  return enqueue(db, { topic: RATE_ALERT_CHECK, payload: {} }, deps.clock);
}

async function fire(deps: AppDeps, alertId: string, rate: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const fired = await trx
      .updateTable('rate_alerts')
      .set({ status: 'FIRED', fired_rate: rate, fired_at: now })
      .where('id', '=', alertId)
      .where('status', '=', 'ACTIVE')
      .returningAll()
      .executeTakeFirst();
    if (!fired) return;
    await notifyCustomer(trx, deps.clock, {
      id: `ntf_${randomBytes(16).toString('base64url')}`,
      customerId: fired.customer_id,
      category: 'wallet',
      titleKey: RATE_ALERT_TITLE,
      params: {
        from_currency: fired.from_currency,
        to_currency: fired.to_currency,
        target_rate: fired.target_rate,
        rate,
      },
      title: RATE_ALERT_TITLE_TEXT,
      body: RATE_ALERT_BODY_TEXT,
      texts: () => ({ from: fired.from_currency, to: fired.to_currency, rate, target: fired.target_rate }),
      url: '/wallets',
      tag: `rate-alert-${fired.id}`,
      pushCategory: 'rate-alert',
    });
  });
}

export const checkRateAlerts: OutboxHandler = async (_payload, { deps }) => {
  const pairs = await deps.db
    .selectFrom('rate_alerts')
    .select(['from_currency', 'to_currency'])
    .where('status', '=', 'ACTIVE')
    .groupBy(['from_currency', 'to_currency'])
    .execute();
  for (const pair of pairs) {
    const { rate } = await deps.providers.fxRates.midRate(pair.from_currency, pair.to_currency);
    const waiting = await deps.db
      .selectFrom('rate_alerts')
      .select(['id', 'direction', 'target_rate'])
      .where('status', '=', 'ACTIVE')
      .where('from_currency', '=', pair.from_currency)
      .where('to_currency', '=', pair.to_currency)
      .execute();
    for (const alert of waiting) {
      if (reached(alert.direction, alert.target_rate, rate)) await fire(deps, alert.id, rate);
    }
  }
  const left = await deps.db.selectFrom('rate_alerts').select('id').where('status', '=', 'ACTIVE').executeTakeFirst();
  if (left) await enqueueRateAlertCheck(deps.db, deps);
};
