import { randomUUID } from 'node:crypto';
import {
  type CodeSent,
  type EmailCheckRequest,
  type EmailSendRequest,
  MAX_CODE_SENDS,
  REGISTRATION_LIFETIME_MINUTES,
} from '../../../domain/contract/oauth.ts';
import { type CodeTimes, MAX_CODE_ATTEMPTS } from '../../../domain/contract/one-time-codes.ts';
import type { SignedIn } from '../../../domain/contract/user.ts';
import { findSourceCountry } from '../../../domain/countries.ts';
import { SOURCE_LOCALE } from '../../../domain/locales.ts';
import { emailKey } from '../../../domain/rules.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { createSession, hashToken, newToken } from '../../auth/sessions.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueueMessage } from '../../jobs/message-send-handler.ts';
import { findCustomerByEmail, insertCustomer } from '../user/customers.ts';
import { userView } from '../user/user-view.ts';
import { codeEmail } from './code-email.ts';
import { codeExpiresAt, codeMatches, codeTimes, hashCode, newCode, refuseEarlyResend } from './one-time-code.ts';
import { type EmailRegistration, lockRegistration } from './registrations.ts';

const MINUTE = 60_000;

const customerExists = () =>
  new ApiError('CustomerAlreadyExists', 'An account with this e-mail already exists. Sign in instead.', 'email');

/**
 * Start a registration from `clientAddress`: keep the details with the
 * password already hashed, and e-mail a code (through the outbox, in the
 * same transaction). Every attempt counts against the address first, also
 * for an address that has an account, so probing for accounts is limited
 * too; the e-mail and send limits follow, before the costly hash.
 */
export async function startEmailRegistration(
  deps: AppDeps,
  input: EmailSendRequest,
  clientAddress: string,
): Promise<CodeSent> {
  const { db, clock, config } = deps;
  const now = clock.now();
  await takeHits(db, now, [[ABUSE_LIMITS.registrationsPerAddress, clientAddress]]);
  if (await findCustomerByEmail(db, input.email)) throw customerExists();

  await db.deleteFrom('email_registrations').where('expires_at', '<=', now).execute();
  const email = emailKey(input.email);
  await takeHits(db, now, [
    [ABUSE_LIMITS.registrationsPerEmail, email],
    [ABUSE_LIMITS.codeSendsPerEmail, email],
    [ABUSE_LIMITS.codeSendsPerAddress, clientAddress],
  ]);

  const passwordHash = await hashPassword(input.password, config.passwordHashing);
  const token = newToken();
  const code = newCode();
  const expiresAt = codeExpiresAt(now);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('email_registrations')
      .values({
        id: `reg_${randomUUID()}`,
        token_hash: hashToken(token),
        email: input.email,
        password_hash: passwordHash,
        country: input.country,
        locale: input.locale ?? SOURCE_LOCALE,
        terms_accepted_at: now,
        privacy_accepted_at: now,
        code_hash: hashCode(token, code),
        code_sent_at: now,
        code_expires_at: expiresAt,
        send_count: 1,
        failed_attempts: 0,
        expires_at: new Date(now.getTime() + REGISTRATION_LIFETIME_MINUTES * MINUTE),
        created_at: now,
      })
      .execute();
    await enqueueMessage(trx, codeEmail(input.email, code, 'registration'), clock);
  });
  return { registration_token: token, ...codeTimes(now, expiresAt) };
}

/**
 * A new code replaces the current one, at most once a minute and five codes
 * in all, within the send limits of its e-mail and of `clientAddress`
 * (counted in the transaction, so a refusal takes its hits back).
 */
export async function resendEmailCode(deps: AppDeps, token: string, clientAddress: string): Promise<CodeTimes> {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const registration = await lockRegistration(trx, token, now);
    if (registration.send_count >= MAX_CODE_SENDS) {
      throw new ApiError('EmailSendLimit', 'No more codes can be sent for this registration. Start again.');
    }
    refuseEarlyResend(registration.code_sent_at, now);
    await takeHits(trx, now, [
      [ABUSE_LIMITS.codeSendsPerEmail, emailKey(registration.email)],
      [ABUSE_LIMITS.codeSendsPerAddress, clientAddress],
    ]);
    const code = newCode();
    const expiresAt = codeExpiresAt(now);
    await trx
      .updateTable('email_registrations')
      .set({
        code_hash: hashCode(token, code),
        code_sent_at: now,
        code_expires_at: expiresAt,
        send_count: registration.send_count + 1,
        failed_attempts: 0,
      })
      .where('id', '=', registration.id)
      .execute();
    await enqueueMessage(trx, codeEmail(registration.email, code, 'registration'), clock);
    return codeTimes(now, expiresAt);
  });
}

type CheckOutcome = { kind: 'mismatch' | 'burnt' | 'expired' | 'taken' } | { kind: 'signed-in'; result: SignedIn };

/**
 * Check the code; the right one turns the registration into a signed-in
 * customer. Every check counts against `clientAddress` and the registration
 * first; wrong codes are counted in the database and committed before the
 * error is answered, so no replica and no retry forgets one.
 */
export async function checkEmailCode(
  deps: AppDeps,
  token: string,
  input: EmailCheckRequest,
  clientAddress: string,
): Promise<SignedIn> {
  const { db, clock } = deps;
  const now = clock.now();
  await takeHits(db, now, [
    [ABUSE_LIMITS.codeChecksPerAddress, clientAddress],
    [ABUSE_LIMITS.codeChecksPerRegistration, token],
  ]);
  let outcome: CheckOutcome;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<CheckOutcome> => {
      const registration = await lockRegistration(trx, token, now);
      if (registration.code_hash === null) return { kind: 'burnt' };
      if (registration.code_expires_at <= now) return { kind: 'expired' };
      if (!codeMatches(registration.code_hash, token, input.code)) {
        const failedAttempts = registration.failed_attempts + 1;
        const burnt = failedAttempts >= MAX_CODE_ATTEMPTS;
        await trx
          .updateTable('email_registrations')
          .set({ failed_attempts: failedAttempts, code_hash: burnt ? null : registration.code_hash })
          .where('id', '=', registration.id)
          .execute();
        return { kind: burnt ? 'burnt' : 'mismatch' };
      }
      await trx.deleteFrom('email_registrations').where('id', '=', registration.id).execute();
      if (await findCustomerByEmail(trx, registration.email)) return { kind: 'taken' };
      return { kind: 'signed-in', result: await createCustomer(deps, trx, registration, now) };
    });
  } catch (error) {
    // another registration for the same address finished first
    if (isUniqueViolation(error)) throw customerExists();
    throw error;
  }
  switch (outcome.kind) {
    case 'signed-in':
      return outcome.result;
    case 'taken':
      throw customerExists();
    case 'burnt':
      throw new ApiError('AttemptLimit', 'Too many wrong codes. Ask for a new code.', 'code');
    case 'expired':
      throw new ApiError('CodeMismatch', 'The verification code has expired. Ask for a new code.', 'code');
    case 'mismatch':
      throw new ApiError('CodeMismatch', 'The verification code is incorrect', 'code');
  }
}

async function createCustomer(
  { config, clock }: AppDeps,
  trx: Db,
  registration: EmailRegistration,
  now: Date,
): Promise<SignedIn> {
  const customer = await insertCustomer(trx, {
    email: registration.email,
    passwordHash: registration.password_hash,
    country: registration.country,
    locale: registration.locale,
    emailVerifiedAt: now,
    createdAt: now,
  });
  const country = findSourceCountry(registration.country);
  if (!country) throw new Error(`registration ${registration.id} names ${registration.country}, not a source country`);
  await trx
    .insertInto('customer_consents')
    .values([
      {
        customer_id: customer.id,
        document: 'terms_and_conditions',
        document_url: country.termsAndConditions,
        accepted_at: registration.terms_accepted_at,
      },
      {
        customer_id: customer.id,
        document: 'privacy_policy',
        document_url: country.privacyPolicy,
        accepted_at: registration.privacy_accepted_at,
      },
    ])
    .execute();
  const { token } = await createSession(trx, config, clock, customer.id);
  return { token, user: userView(customer) };
}
