import type { LoginRequest, PhoneLoginRequest, SignedIn } from '../../../domain/contract/user.ts';
import { parseMobile } from '../../../domain/phone.ts';
import { PHONE_MESSAGES } from '../../../domain/phone-messages.ts';
import { emailKey } from '../../../domain/rules.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { createSession } from '../../auth/sessions.ts';
import { type Customer, findCustomerByEmail, findCustomerByMobile } from '../../customers/customers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { beginSignIn } from './sign-in-attempts.ts';
import { userView } from './user-view.ts';

/** One answer for an unknown e-mail or number and a wrong password, so sign-in reveals no accounts. */
export const NOT_FOUND_MESSAGE = "We can't find your account with those details";

/** Who is signing in: the key their limits count under, and how to find them. */
interface SignInName {
  key: string;
  find(): Promise<Customer | undefined>;
}

interface Credentials {
  password: string;
  captcha_token?: string | undefined;
}

/** Sign in with e-mail and password from `clientAddress`. */
export function login(deps: AppDeps, input: LoginRequest, clientAddress: string): Promise<SignedIn> {
  const name = { key: emailKey(input.email), find: () => findCustomerByEmail(deps.db, input.email) };
  return signIn(deps, name, input, clientAddress);
}

/** Sign in with a mobile number and password from `clientAddress`; a number that cannot be one is a 400. */
export function loginWithPhone(deps: AppDeps, input: PhoneLoginRequest, clientAddress: string): Promise<SignedIn> {
  const parsed = parseMobile(input.mobile, input.country);
  if ('problem' in parsed) throw new ApiError('InvalidPhone', PHONE_MESSAGES[parsed.problem], 'mobile');
  const name = { key: parsed.e164, find: () => findCustomerByMobile(deps.db, parsed.e164) };
  return signIn(deps, name, input, clientAddress);
}

/**
 * The abuse limits and the captcha come first and look only at the name
 * as typed and the address; the password is then checked (against a dummy
 * hash when no one has the name) before anything about the account is
 * told, so a blocked account is only revealed to its owner.
 */
async function signIn(
  deps: AppDeps,
  name: SignInName,
  credentials: Credentials,
  clientAddress: string,
): Promise<SignedIn> {
  const { db, clock, config } = deps;
  const attempt = await beginSignIn(deps, name.key, clientAddress, credentials.captcha_token);

  const customer = await name.find();
  const passwordOk = customer
    ? await verifyPassword(customer.password_hash, credentials.password)
    : await verifyAgainstDummy(credentials.password, config.passwordHashing);
  if (!customer || !passwordOk) {
    await attempt.failed();
    throw new ApiError('CustomerNotFound', NOT_FOUND_MESSAGE);
  }

  await attempt.succeeded();
  if (customer.status !== 'active') {
    throw new ApiError('DisabledCustomer', 'Your account is blocked. Contact customer support.');
  }
  if (needsRehash(customer.password_hash, config.passwordHashing)) {
    const passwordHash = await hashPassword(credentials.password, config.passwordHashing);
    await db.updateTable('customers').set({ password_hash: passwordHash }).where('id', '=', customer.id).execute();
  }
  const { token } = await createSession(db, config, clock, customer.id);
  return { token, user: userView(customer, await findRemitter(db, customer.id)) };
}
