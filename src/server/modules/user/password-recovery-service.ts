import type { CodeTimes } from '../../../domain/contract/one-time-codes.ts';
import type { PasswordChanged, PasswordResetRequest, PasswordResetWithCode } from '../../../domain/contract/user.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { newToken } from '../../auth/sessions.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueueMessage } from '../../jobs/message-send-handler.ts';
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
import { replacePassword } from './password-replacement.ts';
import { recoveryChannel } from './recovery-channels.ts';

/** The key the per-destination-and-address limits count a destination from one address by. */
const fromAddress = (key: string, clientAddress: string): string => JSON.stringify([key, clientAddress]);

/**
 * Start a password recovery for an e-mail or a mobile number from
 * `clientAddress`. Whether or not anyone has it, the same limits count, a
 * code is made, hashed and stored, and the same answer comes back; only when
 * a customer has it is the code e-mailed or texted (through the outbox, in
 * the same transaction). A new code replaces the last one, at most once a
 * minute.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: PasswordResetRequest,
  clientAddress: string,
): Promise<CodeTimes> {
  const { db, clock } = deps;
  const now = clock.now();
  const channel = recoveryChannel(input);
  await takeHits(db, now, [[ABUSE_LIMITS.passwordRecoveriesPerAddress, clientAddress]]);
  const { destination, key, limits } = channel;
  const customer = await channel.findCustomer(db);
  const code = newCode();
  const codeKey = newToken();
  const expiresAt = codeExpiresAt(now);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_recoveries').where('code_expires_at', '<=', now).execute();
    const current = await trx
      .selectFrom('password_recoveries')
      .select('code_sent_at')
      .where('destination', '=', destination)
      .forUpdate()
      .executeTakeFirst();
    if (current) refuseEarlyResend(current.code_sent_at, now, channel.channel);
    await takeHits(trx, now, [
      [limits.sendsPerDestinationAddress, fromAddress(key, clientAddress)],
      [limits.codeSendsPerDestination, key],
      [limits.codeSendsPerAddress, clientAddress],
    ]);
    const recovery = {
      customer_id: customer?.id ?? null,
      code_key: codeKey,
      code_hash: hashCode(codeKey, code),
      code_sent_at: now,
      code_expires_at: expiresAt,
      failed_attempts: 0,
    };
    await trx
      .insertInto('password_recoveries')
      .values({ destination, ...recovery })
      .onConflict((oc) => oc.column('destination').doUpdateSet(recovery))
      .execute();
    const message = customer ? channel.codeMessage(customer, code) : null;
    if (message) await enqueueMessage(trx, message, clock);
  });
  return codeTimes(now, expiresAt);
}

type CheckOutcome = CodeRefusal | { kind: 'changed' };

/**
 * Set a new password with the code e-mailed or texted for it. Every check
 * counts against `clientAddress` and against the e-mail or number from that
 * address first (never the destination alone, so a stranger cannot lock its owner out); wrong
 * codes are counted on the code and committed before the error is answered,
 * and the fifth burns it, so guessing stops at five tries a code. The new
 * password is hashed before the code is looked at, so a wrong code and a
 * right one cost the same. A right code ends every session of the customer.
 */
export async function resetPasswordWithCode(
  deps: AppDeps,
  input: PasswordResetWithCode,
  clientAddress: string,
): Promise<PasswordChanged> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const { destination, key, limits } = recoveryChannel(input);
  await takeHits(db, now, [
    [limits.codeChecksPerAddress, clientAddress],
    [limits.checksPerDestinationAddress, fromAddress(key, clientAddress)],
  ]);
  const passwordHash = await hashPassword(input.password, config.passwordHashing);
  const outcome = await db.transaction().execute(async (trx): Promise<CheckOutcome> => {
    const recovery = await trx
      .selectFrom('password_recoveries')
      .selectAll()
      .where('destination', '=', destination)
      .where('code_expires_at', '>', now)
      .forUpdate()
      .executeTakeFirst();
    if (!recovery) return { kind: 'expired' };
    if (recovery.code_hash === null) return { kind: 'burnt' };
    const matches = codeMatches(recovery.code_hash, recovery.code_key, input.code);
    // no one was sent the code of a destination no customer has: a right guess is still a wrong code
    if (!matches || recovery.customer_id === null) {
      const wrong = wrongCode(recovery.failed_attempts);
      await trx
        .updateTable('password_recoveries')
        .set({ failed_attempts: wrong.failedAttempts, code_hash: wrong.burnt ? null : recovery.code_hash })
        .where('destination', '=', recovery.destination)
        .execute();
      return wrong.refusal;
    }
    await trx.deleteFrom('password_recoveries').where('destination', '=', recovery.destination).execute();
    await replacePassword(trx, clock, recovery.customer_id, passwordHash);
    return { kind: 'changed' };
  });
  if (outcome.kind === 'changed') return { password_changed: true };
  throw codeRefused(outcome);
}
