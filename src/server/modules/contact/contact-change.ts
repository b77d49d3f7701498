import type { CodeTimes } from '../../../domain/contract/one-time-codes.ts';
import type { User } from '../../../domain/contract/user.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import type { LiveSession } from '../../auth/sessions.ts';
import { newToken } from '../../auth/sessions.ts';
import { type Customer, findCustomer } from '../../customers/customers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueueMessage } from '../../jobs/message-send-handler.ts';
import { contactTakenMessage } from '../../one-time-codes/code-messages.ts';
import {
  type CodeRefusal,
  codeExpiresAt,
  codeMatches,
  codeRefused,
  codeTimes,
  hashCode,
  newCode,
  refuseEarlyResend,
  wrongCode,
} from '../../one-time-codes/one-time-code.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { passwordAgain } from '../user/password-again.ts';
import { userView } from '../user/user-view.ts';
import type { ContactKind } from './contact-kinds.ts';

const nothingWaiting = (kind: ContactKind): ApiError =>
  new ApiError(
    'CodeNotDefined',
    kind.kind === 'email'
      ? 'No new e-mail is waiting for its code. Start the change again.'
      : 'No new mobile number is waiting for its code. Start the change again.',
  );

/**
 * Start adding or changing the customer's e-mail or mobile number to
 * `destination` (already checked and normalised): the password first
 * (password-again.ts), then a code to the new destination. The account keeps
 * what it had until the code comes back (`confirmContactChange`).
 */
export async function startContactChange(
  deps: AppDeps,
  session: LiveSession,
  kind: ContactKind,
  change: { destination: string; password: string },
  clientAddress: string,
): Promise<CodeTimes> {
  const customer = await passwordAgain(
    deps,
    session,
    change.password,
    { perSession: ABUSE_LIMITS.contactChangeFailuresPerSession, field: 'password', wrong: 'The password is incorrect' },
    clientAddress,
  );
  if (kind.isCurrent(customer, change.destination)) {
    throw new ApiError(kind.alreadyYours.type, kind.alreadyYours.message, kind.field);
  }
  return sendCode(deps, customer, kind, change.destination, clientAddress);
}

/** A new code for the destination waiting; 400 CodeNotDefined when none is. */
export async function resendContactCode(
  deps: AppDeps,
  session: LiveSession,
  kind: ContactKind,
  clientAddress: string,
): Promise<CodeTimes> {
  const waiting = await deps.db
    .selectFrom('contact_changes')
    .select('destination')
    .where('customer_id', '=', session.customerId)
    .where('kind', '=', kind.kind)
    .executeTakeFirst();
  const customer = await findCustomer(deps.db, session.customerId);
  if (!waiting || !customer) throw nothingWaiting(kind);
  return sendCode(deps, customer, kind, waiting.destination, clientAddress);
}

/**
 * Send a code for `destination`, replacing any code of the same kind, at most
 * once a minute, within the destination's and the address's limits, in the
 * customer's language, through the outbox in the same transaction. A
 * destination another account has gets a message saying so in place of the
 * code, and the caller the same answer, so no answer tells who has what.
 */
async function sendCode(
  deps: AppDeps,
  customer: Customer,
  kind: ContactKind,
  destination: string,
  clientAddress: string,
): Promise<CodeTimes> {
  const { db, clock } = deps;
  const now = clock.now();
  const owner = await kind.findOwner(db, destination);
  const code = newCode();
  const codeKey = newToken();
  const expiresAt = codeExpiresAt(now);
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('contact_changes')
      .select('code_sent_at')
      .where('customer_id', '=', customer.id)
      .where('kind', '=', kind.kind)
      .forUpdate()
      .executeTakeFirst();
    if (current) refuseEarlyResend(current.code_sent_at, now, kind.channel);
    await takeHits(trx, now, [
      [kind.limits.sendsPerDestination, kind.key(destination)],
      [kind.limits.sendsPerAddress, clientAddress],
    ]);
    const change = {
      destination,
      code_key: codeKey,
      code_hash: hashCode(codeKey, code),
      code_sent_at: now,
      code_expires_at: expiresAt,
      failed_attempts: 0,
    };
    await trx
      .insertInto('contact_changes')
      .values({ customer_id: customer.id, kind: kind.kind, ...change })
      .onConflict((oc) => oc.columns(['customer_id', 'kind']).doUpdateSet(change))
      .execute();
    const taken = owner !== undefined && owner.id !== customer.id;
    const message = taken
      ? contactTakenMessage(kind.channel, destination, customer.locale)
      : kind.codeMessage(destination, code, customer.locale);
    await enqueueMessage(trx, message, clock);
  });
  return codeTimes(now, expiresAt);
}

type CheckOutcome = CodeRefusal | { kind: 'changed'; customer: Customer } | { kind: 'none' };

/**
 * The code sent to the new destination: when right, the destination becomes
 * the customer's, proved now, and the e-mail or number it replaces is told.
 * Every check counts against the caller's address;
 * wrong codes are counted on the code and committed before the error is
 * answered, and the fifth burns it. A destination another account has never
 * got the code, so a right guess for it is still a wrong code.
 */
export async function confirmContactChange(
  deps: AppDeps,
  session: LiveSession,
  kind: ContactKind,
  code: string,
  clientAddress: string,
): Promise<User> {
  const { db, clock } = deps;
  const now = clock.now();
  await takeHits(db, now, [[kind.limits.checksPerAddress, clientAddress]]);
  const outcome = await db.transaction().execute(async (trx): Promise<CheckOutcome> => {
    const change = await trx
      .selectFrom('contact_changes')
      .selectAll()
      .where('customer_id', '=', session.customerId)
      .where('kind', '=', kind.kind)
      .forUpdate()
      .executeTakeFirst();
    if (!change) return { kind: 'none' };
    if (change.code_expires_at <= now) return { kind: 'expired' };
    if (change.code_hash === null) return { kind: 'burnt' };
    const owner = await kind.findOwner(trx, change.destination);
    const taken = owner !== undefined && owner.id !== session.customerId;
    if (taken || !codeMatches(change.code_hash, change.code_key, code)) {
      const wrong = wrongCode(change.failed_attempts);
      await trx
        .updateTable('contact_changes')
        .set({ failed_attempts: wrong.failedAttempts, code_hash: wrong.burnt ? null : change.code_hash })
        .where('customer_id', '=', session.customerId)
        .where('kind', '=', kind.kind)
        .execute();
      return wrong.refusal;
    }
    await trx
      .deleteFrom('contact_changes')
      .where('customer_id', '=', session.customerId)
      .where('kind', '=', kind.kind)
      .execute();
    const before = await trx
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', session.customerId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const customer = await trx
      .updateTable('customers')
      .set(kind.columns(change.destination, now))
      .where('id', '=', session.customerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // the replaced e-mail or number hears of it, in the same transaction (a customer adding one, or proving the
    // one they have, has none to tell)
    const replaced = kind.current(before);
    if (replaced !== null && kind.key(replaced) !== kind.key(change.destination)) {
      await enqueueMessage(trx, kind.changedNotice(replaced, before.locale), clock);
    }
    return { kind: 'changed', customer };
  });
  if (outcome.kind === 'none') throw nothingWaiting(kind);
  if (outcome.kind !== 'changed') throw codeRefused(outcome);
  return userView(outcome.customer, await findRemitter(db, outcome.customer.id));
}
