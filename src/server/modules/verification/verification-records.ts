import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { VerificationStatus } from '../../../domain/verification.ts';
import {
  applyEvent,
  type DocumentState,
  INITIAL_STATE,
  isAllowedMove,
  statusOf,
  type VerificationEvent,
  type VerificationState,
} from '../../../domain/verification-machine.ts';
import type { Db } from '../../db/connection.ts';
import type { CheckResult, VerificationStatesTable } from '../../db/tables/verification.ts';

type StateRow = Selectable<VerificationStatesTable>;

/** What the database checks found, as SPEC §3 reports them. */
export interface CheckResults {
  twoPlusTwo: CheckResult;
  watchlist: CheckResult;
}

export interface StoredVerification {
  state: VerificationState;
  results: CheckResults;
}

const NOT_VERIFIED: CheckResults = { twoPlusTwo: 'NotVerified', watchlist: 'NotVerified' };

function fromRow(row: StateRow | undefined): StoredVerification {
  if (!row) return { state: INITIAL_STATE, results: NOT_VERIFIED };
  return {
    state: {
      database: row.database_checks as VerificationState['database'],
      review: row.review,
      documents: {
        identity: row.identity as DocumentState,
        address: row.address as DocumentState,
        source_of_funds: row.source_of_funds as DocumentState,
      },
    },
    results: { twoPlusTwo: row.two_plus_two_result, watchlist: row.watchlist_result },
  };
}

export async function loadVerification(db: Db, customerId: string): Promise<StoredVerification> {
  const row = await db
    .selectFrom('verification_states')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return fromRow(row);
}

/** The customer's verification, locked until `trx` ends (the row is made if it is missing). */
async function lockVerification(trx: Db, customerId: string, now: Date): Promise<StoredVerification> {
  await trx
    .insertInto('verification_states')
    .values({
      customer_id: customerId,
      database_checks: INITIAL_STATE.database,
      two_plus_two_result: 'NotVerified',
      watchlist_result: 'NotVerified',
      review: false,
      ...INITIAL_STATE.documents,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('verification_states')
    .selectAll()
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

export interface Move {
  event: VerificationEvent;
  /** `customer`, `provider:<name>` or `system:<rule>` */
  actor: string;
  reason: string;
  /** set with the database checks' event */
  results?: CheckResults;
}

/**
 * Apply moves to the customer's verification in `trx`, under its row lock:
 * each is recorded with who made it and why, the derived status is kept on
 * the customer, and a move outside `ALLOWED_MOVES` is refused (thrown).
 * `decide` sees the locked state, so two callers never both act on one.
 */
export async function moveVerification(
  trx: Db,
  customerId: string,
  now: Date,
  decide: (current: StoredVerification) => Move[] | Promise<Move[]>,
): Promise<VerificationStatus> {
  const current = await lockVerification(trx, customerId, now);
  let { state, results } = current;
  for (const move of await decide(current)) {
    const next = applyEvent(state, move.event);
    const [from, to] = [statusOf(state), statusOf(next)];
    if (!isAllowedMove(from, to)) throw new Error(`verification may not move from ${from} to ${to}`);
    await trx
      .insertInto('verification_moves')
      .values({
        id: randomUUID(),
        customer_id: customerId,
        event: JSON.stringify(move.event),
        from_status: from,
        to_status: to,
        actor: move.actor,
        reason: move.reason,
        created_at: now,
      })
      .execute();
    state = next;
    results = move.results ?? results;
  }
  await trx
    .updateTable('verification_states')
    .set({
      database_checks: state.database,
      review: state.review,
      ...state.documents,
      two_plus_two_result: results.twoPlusTwo,
      watchlist_result: results.watchlist,
      updated_at: now,
    })
    .where('customer_id', '=', customerId)
    .execute();
  const status = statusOf(state);
  await trx.updateTable('customers').set({ verification_status: status }).where('id', '=', customerId).execute();
  return status;
}
