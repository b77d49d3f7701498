import { clearCounter, giveBack, type Hit, takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS, type AbuseLimit } from '../../abuse-limits/limits.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import type { LiveSession } from '../../auth/sessions.ts';
import { type Customer, findCustomer } from '../../customers/customers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';

/**
 * A signed-in customer proves it is them before a change to the account
 * (password, e-mail, mobile): each wrong password counts against the caller's
 * address, as a failed sign-in does, and against the session under
 * `perSession`; the right one gives the address its hit back and clears the
 * session's count. A wrong one is 422 InvalidPassword on `field`.
 */
export async function passwordAgain(
  deps: AppDeps,
  session: LiveSession,
  password: string,
  check: { perSession: AbuseLimit; field: string; wrong: string },
  clientAddress: string,
): Promise<Customer> {
  const { db, clock } = deps;
  const [fromAddress, inSession] = (await takeHits(db, clock.now(), [
    [ABUSE_LIMITS.signInFailuresPerAddress, clientAddress],
    [check.perSession, session.tokenHash],
  ])) as [Hit, Hit];
  const customer = await findCustomer(db, session.customerId);
  if (!customer) throw new Error(`session of ${session.customerId} names no customer`);
  if (!(await verifyPassword(customer.password_hash, password))) {
    throw new ApiError('InvalidPassword', check.wrong, check.field);
  }
  await giveBack(db, [fromAddress]);
  await clearCounter(db, inSession);
  return customer;
}
