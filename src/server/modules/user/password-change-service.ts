import type { PasswordChanged, PasswordChangeRequest } from '../../../domain/contract/user.ts';
import { differentPasswordRule } from '../../../domain/rules.ts';
import { clearCounter, giveBack, type Hit, takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { LiveSession } from '../../auth/sessions.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findCustomer } from './customers.ts';
import { replacePassword } from './password-replacement.ts';

/**
 * A signed-in customer changes their password: the old one must be right
 * (each wrong one counts against the session and the caller's address, as
 * a failed sign-in does; the right one clears the session's count), the new one must differ from it (SPEC §5 is_not).
 * Every other session ends; this one stays.
 */
export async function changePassword(
  deps: AppDeps,
  session: LiveSession,
  input: PasswordChangeRequest,
  clientAddress: string,
): Promise<PasswordChanged> {
  const { db, clock, config } = deps;
  const different = differentPasswordRule(input.old_password, input.new_password);
  if (different !== true) throw new ApiError('ValidationFailed', different, 'new_password');

  const [fromAddress, inSession] = (await takeHits(db, clock.now(), [
    [ABUSE_LIMITS.signInFailuresPerAddress, clientAddress],
    [ABUSE_LIMITS.passwordChangeFailuresPerSession, session.tokenHash],
  ])) as [Hit, Hit];
  const customer = await findCustomer(db, session.customerId);
  if (!customer) throw new Error(`session of ${session.customerId} names no customer`);
  if (!(await verifyPassword(customer.password_hash, input.old_password))) {
    throw new ApiError('InvalidPassword', 'The old password is incorrect', 'old_password');
  }
  await giveBack(db, [fromAddress]);
  await clearCounter(db, inSession);

  const passwordHash = await hashPassword(input.new_password, config.passwordHashing);
  await db.transaction().execute((trx) => replacePassword(trx, clock, customer.id, passwordHash, session.tokenHash));
  return { password_changed: true };
}
