import { createHash, randomBytes } from 'node:crypto';
import type { Transaction, Updateable } from 'kysely';
import type {
  CreateScheduleRequest,
  Schedule,
  SkipScheduleRunRequest,
  UpdateScheduleRequest,
} from '../../../domain/contract/schedules.ts';
import { paymentTypesFor } from '../../../domain/contract/transfers.ts';
import { currencyDigits, parseMinor } from '../../../domain/money.ts';
import { firstRunFrom, hasRun, runDate } from '../../../domain/schedules.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { ScheduleRow, TransferSchedulesTable } from '../../db/tables/schedules.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { loadBeneficiary } from '../beneficiaries/beneficiary-service.ts';
import { findTransfer } from '../transfers/transfer-records.ts';
import type { WalletOwner } from '../wallets/wallet-accounts.ts';
import { armNextRun } from './schedule-jobs.ts';
import { checkedTiming, scheduleTiming } from './schedule-timing.ts';
import { amountCurrencyOf, runsOf, scheduleView } from './schedule-view.ts';

/** How many schedules a customer may have going (active or paused) at once. */
export const SCHEDULE_LIMIT = 10;

type Trx = Transaction<Database>;

async function viewOf(db: Db, row: ScheduleRow): Promise<Schedule> {
  return scheduleView(row, (await runsOf(db, [row.id])).get(row.id) ?? []);
}

function scheduleByKey(db: Db, customerId: string, key: string) {
  return db
    .selectFrom('transfer_schedules')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** A saved card of the customer's, to charge unattended with their consent (an expired one is declined at its run). */
async function assertChargeableCard(deps: AppDeps, owner: WalletOwner, request: CreateScheduleRequest): Promise<void> {
  if (request.saved_card_id === undefined)
    throw new ApiError('ValidationFailed', 'Choose a saved card', 'saved_card_id');
  const card = await deps.db
    .selectFrom('saved_cards')
    .select('id')
    .where('id', '=', request.saved_card_id)
    .where('customer_id', '=', owner.customerId)
    .executeTakeFirst();
  if (!card) throw new ApiError('NotFound', 'Card not found', 'saved_card_id');
  if (request.card_consent !== true) {
    throw new ApiError(
      'ValidationFailed',
      'Allow us to charge this card for each transfer of the schedule, or pay from your wallet',
      'card_consent',
    );
  }
}

/**
 * POST /remit/schedules: repeat one of the customer's transfers (its
 * recipient, amount, amount side and purpose) on the timing asked for, paid
 * from the wallet (where the customer's country offers it) or a saved card
 * they allow us to charge. Idempotent on the key. The first run and its
 * reminder are queued with the schedule.
 */
export async function createSchedule(
  deps: AppDeps,
  owner: WalletOwner,
  request: CreateScheduleRequest,
  idempotency: Idempotency,
): Promise<{ schedule: Schedule; created: boolean }> {
  const { db, clock } = deps;
  const { row, created } = await oncePerKey(
    idempotency,
    () => scheduleByKey(db, owner.customerId, idempotency.key),
    async () => {
      const transfer = await findTransfer(db, owner.customerId, request.trans_ref);
      const beneficiary = await loadBeneficiary(deps, owner.customerId, transfer.beneficiary_id);
      const timing = checkedTiming(request, clock.now());
      if (request.payment_type === 'wallet' && !paymentTypesFor(owner.country).includes('wallet')) {
        throw new ApiError(
          'ValidationFailed',
          'Paying from the wallet is not available in your country',
          'payment_type',
        );
      }
      if (request.payment_type === 'card') await assertChargeableCard(deps, owner, request);
      const quote = await db
        .selectFrom('quotes')
        .select('amount_type')
        .where('id', '=', transfer.quote_id)
        .executeTakeFirst();
      const amountType = quote?.amount_type ?? 'SOURCE';
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        // one customer's creations in turn, so the limit holds under concurrency
        await trx.selectFrom('customers').select('id').where('id', '=', owner.customerId).forUpdate().execute();
        const going = await trx
          .selectFrom('transfer_schedules')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('customer_id', '=', owner.customerId)
          .where('status', 'in', ['ACTIVE', 'PAUSED'])
          .executeTakeFirstOrThrow();
        if (Number(going.n) >= SCHEDULE_LIMIT) {
          throw new ApiError(
            'ValidationFailed',
            `You can have at most ${SCHEDULE_LIMIT} scheduled transfers. Cancel one first.`,
            'trans_ref',
          );
        }
        const inserted = await trx
          .insertInto('transfer_schedules')
          .values({
            id: `sch_${randomBytes(16).toString('base64url')}`,
            customer_id: owner.customerId,
            beneficiary_id: beneficiary.id,
            beneficiary_name: beneficiary.display_name,
            source_country: transfer.send_country,
            destination_country: transfer.destination_country,
            payout_type: transfer.payout_type,
            source_currency: transfer.source_currency,
            dest_currency: transfer.dest_currency,
            amount_type: amountType,
            amount: amountType === 'SOURCE' ? transfer.send_amount : transfer.receive_amount,
            purpose: transfer.purpose,
            frequency: timing.frequency,
            start_date: timing.startDate,
            day_of_month: timing.dayOfMonth,
            end_type: timing.endType,
            end_count: timing.endCount,
            end_date: timing.endDate,
            min_rate: request.min_rate ?? null,
            payment_type: request.payment_type,
            saved_card_id: request.payment_type === 'card' ? (request.saved_card_id ?? null) : null,
            card_consented_at: request.payment_type === 'card' ? now : null,
            status: 'ACTIVE',
            next_run: 0,
            from_trans_ref: transfer.trans_ref,
            idempotency_key: idempotency.key,
            request_hash: idempotency.requestHash,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['customer_id', 'idempotency_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) await armNextRun(trx, clock, inserted);
        return inserted;
      });
    },
  );
  return { schedule: await viewOf(db, row), created };
}

/** GET /remit/schedules: the customer's schedules, newest first. */
export async function listSchedules(db: Db, customerId: string): Promise<Schedule[]> {
  const rows = await db
    .selectFrom('transfer_schedules')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  const runs = await runsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => scheduleView(row, runs.get(row.id) ?? []));
}

/**
 * One change to the customer's own schedule (another's is 404), under its
 * row lock, so a change and a run never cross: `change` answers the new
 * values, or throws to refuse.
 */
async function changeSchedule(
  deps: AppDeps,
  customerId: string,
  scheduleId: string,
  change: (row: ScheduleRow, trx: Trx) => Promise<Updateable<TransferSchedulesTable>>,
): Promise<Schedule> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('transfer_schedules')
      .selectAll()
      .where('id', '=', scheduleId)
      .where('customer_id', '=', customerId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw notFound('Schedule');
    const values = await change(locked, trx);
    return trx
      .updateTable('transfer_schedules')
      .set({ ...values, updated_at: deps.clock.now() })
      .where('id', '=', locked.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return viewOf(deps.db, row);
}

const OVER = 'This schedule has ended or was cancelled';

function assertGoesOn(row: ScheduleRow): void {
  if (row.status !== 'ACTIVE' && row.status !== 'PAUSED') throw new ApiError('InvalidTransition', OVER);
}

/** POST /remit/schedules/update: a new amount and rate limit, for the runs still to come. */
export function updateSchedule(deps: AppDeps, customerId: string, request: UpdateScheduleRequest): Promise<Schedule> {
  return changeSchedule(deps, customerId, request.schedule_id, async (row) => {
    assertGoesOn(row);
    const currency = amountCurrencyOf(row);
    let amount: bigint;
    try {
      amount = parseMinor(request.amount, currency);
    } catch {
      const digits = currencyDigits(currency);
      throw new ApiError('ValidationFailed', `${currency} amounts have at most ${digits} decimals`, 'amount');
    }
    if (amount <= 0n) throw new ApiError('ValidationFailed', 'Enter an amount above zero', 'amount');
    return { amount, min_rate: request.min_rate };
  });
}

/** POST /remit/schedules/pause: no run goes until it is resumed. */
export function pauseSchedule(deps: AppDeps, customerId: string, scheduleId: string): Promise<Schedule> {
  return changeSchedule(deps, customerId, scheduleId, async (row) => {
    if (row.status !== 'ACTIVE') throw new ApiError('InvalidTransition', 'Only a schedule that is on can be paused');
    return { status: 'PAUSED' };
  });
}

/**
 * POST /remit/schedules/resume: runs go again from the first date still
 * ahead (dates passed while paused are not made up); past its end, it ends.
 */
export function resumeSchedule(deps: AppDeps, customerId: string, scheduleId: string): Promise<Schedule> {
  return changeSchedule(deps, customerId, scheduleId, async (row, trx) => {
    if (row.status !== 'PAUSED') throw new ApiError('InvalidTransition', 'Only a paused schedule can be resumed');
    const next = firstRunFrom(scheduleTiming(row), deps.clock.now(), row.next_run);
    if (next === undefined) return { status: 'ENDED' };
    const resumed: ScheduleRow = { ...row, status: 'ACTIVE', next_run: next };
    await armNextRun(trx, deps.clock, resumed);
    return { status: 'ACTIVE', next_run: next };
  });
}

/** POST /remit/schedules/skip: the next run does not go; the one after is next (or the schedule ends). */
export function skipScheduleRun(deps: AppDeps, customerId: string, request: SkipScheduleRunRequest): Promise<Schedule> {
  return changeSchedule(deps, customerId, request.schedule_id, async (row, trx) => {
    assertGoesOn(row);
    const timing = scheduleTiming(row);
    if (runDate(timing, row.next_run) !== request.run_date) {
      throw new ApiError('InvalidTransition', 'That is not the next transfer of this schedule any more', 'run_date');
    }
    await trx
      .insertInto('transfer_schedule_runs')
      .values({
        schedule_id: row.id,
        run: row.next_run,
        run_date: request.run_date,
        outcome: 'skipped',
        transfer_id: null,
        rate: null,
        reason: null,
        at: deps.clock.now(),
      })
      .execute();
    const next = row.next_run + 1;
    if (!hasRun(timing, next)) return { status: 'ENDED', next_run: next };
    if (row.status === 'ACTIVE') await armNextRun(trx, deps.clock, { ...row, next_run: next });
    return { next_run: next };
  });
}

/** POST /remit/schedules/cancel: no more runs, ever; the list keeps it as cancelled. */
export function cancelSchedule(deps: AppDeps, customerId: string, scheduleId: string): Promise<Schedule> {
  return changeSchedule(deps, customerId, scheduleId, async (row) => {
    assertGoesOn(row);
    return { status: 'CANCELLED' };
  });
}

/** The request fingerprint of a run's own calls: the run's key is the whole request. */
export function runIdempotency(key: string): Idempotency {
  return { key, requestHash: createHash('sha256').update(key).digest('hex') };
}
