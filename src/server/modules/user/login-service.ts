import type { LoginRequest, SignedIn } from '../../../domain/contract/user.ts';
import { emailKey } from '../../../domain/rules.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { createSession } from '../../auth/sessions.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { findCustomerByEmail } from './customers.ts';
import { beginSignIn } from './sign-in-attempts.ts';
import { userView } from './user-view.ts';

/** One answer for an unknown address and a wrong password, so sign-in reveals no accounts. */
export const NOT_FOUND_MESSAGE = "We can't find your account with those details";

/**
 * Sign in with e-mail and password from `clientAddress`. The abuse limits
 * and the captcha come first and look only at the e-mail and the address;
 * the password is then checked (against a dummy hash when no one has the
 * address) before anything about the account is told, so a blocked account
 * is only revealed to its owner.
 */
export async function login(deps: AppDeps, input: LoginRequest, clientAddress: string): Promise<SignedIn> {
  const { db, clock, config } = deps;
  const attempt = await beginSignIn(deps, emailKey(input.email), clientAddress, input.captcha_token);

  const customer = await findCustomerByEmail(db, input.email);
  const passwordOk = customer
    ? await verifyPassword(customer.password_hash, input.password)
    : await verifyAgainstDummy(input.password, config.passwordHashing);
  if (!customer || !passwordOk) {
    await attempt.failed();
    throw new ApiError('CustomerNotFound', NOT_FOUND_MESSAGE);
  }

  await attempt.succeeded();
  if (customer.status !== 'active') {
    throw new ApiError('DisabledCustomer', 'Your account is blocked. Contact customer support.');
  }
  if (needsRehash(customer.password_hash, config.passwordHashing)) {
    const passwordHash = await hashPassword(input.password, config.passwordHashing);
    await db.updateTable('customers').set({ password_hash: passwordHash }).where('id', '=', customer.id).execute();
  }
  const { token } = await createSession(db, config, clock, customer.id);
  return { token, user: userView(customer, await findRemitter(db, customer.id)) };
}
