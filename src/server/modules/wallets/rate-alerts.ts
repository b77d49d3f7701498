import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CreateRateAlertRequest, RateAlert } from '../../../domain/contract/wallets.ts';
import { directionFor, RATE_ALERT_LIMIT } from '../../../domain/rate-alerts.ts';
import type { Db } from '../../db/connection.ts';
import type { RateAlertsTable } from '../../db/tables/rate-alerts.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { assertConvertiblePair } from './conversion-rates.ts';
import { enqueueRateAlertCheck } from './rate-alert-check.ts';
import type { WalletOwner } from './wallet-accounts.ts';

/**
 * Rate alerts (SPEC beyond the anchors): a customer's target rate for a pair
 * of currencies they may hold; the rate-alert check fires each once.
 */

type RateAlertRow = Selectable<RateAlertsTable>;

/** Numeric columns come back as text with trailing zeros on some drivers: show them as typed. */
const plain = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

function view(row: RateAlertRow): RateAlert {
  return {
    id: row.id,
    from_currency: row.from_currency,
    to_currency: row.to_currency,
    target_rate: plain(row.target_rate),
    direction: row.direction,
    rate_at_creation: plain(row.rate_at_creation),
    status: row.status,
    fired_rate: row.fired_rate === null ? null : plain(row.fired_rate),
    fired_at: row.fired_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** GET /remit/wallet/rate-alerts: the customer's alerts, newest first. */
export async function listRateAlerts(db: Db, owner: WalletOwner): Promise<RateAlert[]> {
  const rows = await db
    .selectFrom('rate_alerts')
    .selectAll()
    .where('customer_id', '=', owner.customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(view);
}

/**
 * POST /remit/wallet/rate-alerts: two different currencies the customer may
 * hold, at most RATE_ALERT_LIMIT waiting at once (422 RateAlertLimitReached).
 * The side the rate must reach the target from is today's feed rate's.
 */
export async function createRateAlert(
  deps: AppDeps,
  owner: WalletOwner,
  request: CreateRateAlertRequest,
): Promise<RateAlert> {
  assertConvertiblePair(owner, request);
  const current = await deps.providers.fxRates.midRate(request.from_currency, request.to_currency);
  const row = await deps.db.transaction().execute(async (trx) => {
    // one customer's creations in turn, so the limit holds under concurrency
    await trx.selectFrom('customers').select('id').where('id', '=', owner.customerId).forUpdate().executeTakeFirst();
    const waiting = await trx
      .selectFrom('rate_alerts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', owner.customerId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) >= RATE_ALERT_LIMIT) {
      throw new ApiError(
        'RateAlertLimitReached',
        `You can have at most ${RATE_ALERT_LIMIT} rate alerts waiting. Delete one first.`,
        'target_rate',
      );
    }
    const created = await trx
      .insertInto('rate_alerts')
      .values({
        id: `ral_${randomBytes(16).toString('base64url')}`,
        customer_id: owner.customerId,
        from_currency: request.from_currency,
        to_currency: request.to_currency,
        target_rate: request.target_rate,
        direction: directionFor(request.target_rate, current.rate),
        rate_at_creation: current.rate,
        status: 'ACTIVE',
        fired_rate: null,
        fired_at: null,
        created_at: deps.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueRateAlertCheck(trx, deps);
    return created;
  });
  return view(row);
}

/** POST /remit/wallet/rate-alerts/delete: the customer's own alert (another's is 404); answers the list left. */
export async function deleteRateAlert(deps: AppDeps, owner: WalletOwner, alertId: string): Promise<RateAlert[]> {
  const deleted = await deps.db
    .deleteFrom('rate_alerts')
    .where('id', '=', alertId)
    .where('customer_id', '=', owner.customerId)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound('Rate alert');
  return listRateAlerts(deps.db, owner);
}
