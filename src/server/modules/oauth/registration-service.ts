import { randomUUID } from 'node:crypto';
import {
  type CodeCheckRequest,
  type CodeResent,
  type CodeSent,
  type CodeVerified,
  type EmailAdded,
  MAX_CODE_SENDS,
  type OtpEmailRequest,
  REGISTRATION_LIFETIME_MINUTES,
  type RegistrationCommitted,
} from '../../../domain/contract/oauth.ts';
import type { Locale } from '../../../domain/locales.ts';
import { SOURCE_LOCALE } from '../../../domain/locales.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { hashToken, newToken } from '../../auth/sessions.ts';
import { type Customer, findCustomerByEmail, insertCustomer, recordConsents } from '../../customers/customers.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/api-error.ts';
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
import { registeringAgentId } from '../user/agents.ts';
import { issueHandoff } from './auth-handoff.ts';
import { type CodeChannel, channelOf, EMAIL_CHANNEL, SMS_CHANNEL } from './code-channels.ts';
import { passCaptchaGate } from './guest-sessions.ts';
import { oauthLinks } from './oauth-links.ts';
import { lockRegistration, type Registration } from './registrations.ts';

const MINUTE = 60_000;

/** What a registration starts with, on any channel. */
export interface NewRegistration {
  /** the e-mail as typed (trimmed), or the number in E.164 */
  destination: string;
  password: string;
  country: string;
  locale?: Locale | undefined;
  /** the code of the agent whose sign-up link started it */
  agent_code?: string | undefined;
}

const customerExists = (channel: CodeChannel) =>
  new ApiError(
    'CustomerAlreadyExists',
    channel.channel === 'email'
      ? 'An account with this e-mail already exists. Sign in instead.'
      : 'An account with this mobile number already exists. Sign in instead.',
    channel.field,
  );

/**
 * The message for a new code: the code, or for a destination that already
 * has an account (on a channel that does not tell) the "sign in" message
 * and a code no one is sent, so `check` can only ever fail.
 */
function nextCode(
  channel: CodeChannel,
  registration: { destination: string; account_exists: boolean; locale: string },
) {
  const code = newCode();
  const message =
    registration.account_exists && channel.accountExistsMessage
      ? channel.accountExistsMessage(registration.destination, registration.locale)
      : channel.codeMessage(registration.destination, code, registration.locale);
  return { code, message };
}

/**
 * Start a registration on `channel` from `clientAddress`: keep the details
 * with the password already hashed, and send a code (through the outbox, in
 * the same transaction). Every attempt counts against the address first,
 * also for a destination that has an account, so probing for accounts is
 * limited too; the captcha gate follows (past the captcha-free registrations
 * of the address, `guestToken` must name a guest session that passed a
 * captcha), then the destination and send limits, before the costly hash. A
 * channel that does not tell about accounts does all of this for a
 * destination with one too, and answers alike.
 */
export async function startRegistration(
  deps: AppDeps,
  channel: CodeChannel,
  input: NewRegistration,
  clientAddress: string,
  guestToken?: string,
): Promise<CodeSent> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const addressHits = await takeHits(db, now, [[channel.limits.registrationsPerAddress, clientAddress]]);
  const captcha = await passCaptchaGate(deps, clientAddress, guestToken, addressHits);
  const agentId = await registeringAgentId(db, input.agent_code);
  const accountExists = (await channel.findCustomer(db, input.destination)) !== undefined;
  if (accountExists && !channel.accountExistsMessage) throw customerExists(channel);

  await db.deleteFrom('registrations').where('expires_at', '<=', now).execute();
  const key = channel.key(input.destination);
  await takeHits(db, now, [
    [channel.limits.registrationsPerDestination, key],
    [channel.limits.codeSendsPerDestination, key],
    [channel.limits.codeSendsPerAddress, clientAddress],
  ]);

  const passwordHash = await hashPassword(input.password, config.passwordHashing);
  const token = newToken();
  const locale = input.locale ?? SOURCE_LOCALE;
  const { code, message } = nextCode(channel, {
    destination: input.destination,
    account_exists: accountExists,
    locale,
  });
  const expiresAt = codeExpiresAt(now);
  await db.transaction().execute(async (trx) => {
    await captcha.spend(trx);
    await trx
      .insertInto('registrations')
      .values({
        id: `reg_${randomUUID()}`,
        token_hash: hashToken(token),
        channel: channel.channel,
        destination: input.destination,
        account_exists: accountExists,
        password_hash: passwordHash,
        country: input.country,
        locale,
        terms_accepted_at: now,
        privacy_accepted_at: now,
        code_hash: hashCode(token, code),
        code_sent_at: now,
        code_expires_at: expiresAt,
        send_count: 1,
        failed_attempts: 0,
        expires_at: new Date(now.getTime() + REGISTRATION_LIFETIME_MINUTES * MINUTE),
        created_at: now,
        agent_id: agentId,
      })
      .execute();
    await enqueueMessage(trx, message, clock);
  });
  return { registration_token: token, ...codeTimes(now, expiresAt), _links: nextCalls(channel, 1) };
}

/** What a registration that has sent `sendCount` codes may call next: check, reset while codes are left, and flush. */
const nextCalls = (channel: CodeChannel, sendCount: number) =>
  sendCount < MAX_CODE_SENDS
    ? oauthLinks(channel.relations.check, channel.relations.reset, 'flush')
    : oauthLinks(channel.relations.check, 'flush');

/**
 * A new code replaces the current one, at most once a minute and five codes
 * in all, within the send limits of its destination and of `clientAddress`
 * (counted in the transaction, so a refusal takes its hits back).
 */
export async function resendCode(
  deps: AppDeps,
  channel: CodeChannel,
  token: string,
  clientAddress: string,
): Promise<CodeResent> {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const registration = await lockRegistration(trx, channel.channel, token, now);
    if (registration.verified_at !== null) {
      throw new ApiError('InvalidTransition', 'Your code is already confirmed: finish your registration');
    }
    if (registration.send_count >= MAX_CODE_SENDS) {
      throw new ApiError(channel.sendLimit, 'No more codes can be sent for this registration. Start again.');
    }
    refuseEarlyResend(registration.code_sent_at, now, channel.channel);
    await takeHits(trx, now, [
      [channel.limits.codeSendsPerDestination, channel.key(registration.destination)],
      [channel.limits.codeSendsPerAddress, clientAddress],
    ]);
    const { code, message } = nextCode(channel, registration);
    const expiresAt = codeExpiresAt(now);
    await trx
      .updateTable('registrations')
      .set({
        code_hash: hashCode(token, code),
        code_sent_at: now,
        code_expires_at: expiresAt,
        send_count: registration.send_count + 1,
        failed_attempts: 0,
      })
      .where('id', '=', registration.id)
      .execute();
    await enqueueMessage(trx, message, clock);
    return { ...codeTimes(now, expiresAt), _links: nextCalls(channel, registration.send_count + 1) };
  });
}

type CheckOutcome = CodeRefusal | { kind: 'verified'; at: Date };

/** What a verified registration may call next: commit it, end it, and for a phone one give an e-mail address. */
const verifiedCalls = (channel: CodeChannel) =>
  channel.channel === 'sms' ? oauthLinks('commit', 'otp/email', 'flush') : oauthLinks('commit', 'flush');

/**
 * Check the code; the right one verifies the registration, which `commit`
 * then turns into a customer. Every check counts against `clientAddress` and
 * the registration first; wrong codes are counted in the database and
 * committed before the error is answered, so no replica and no retry forgets
 * one. A registration already verified answers the same again.
 */
export async function checkCode(
  deps: AppDeps,
  channel: CodeChannel,
  token: string,
  input: CodeCheckRequest,
  clientAddress: string,
): Promise<CodeVerified> {
  const { db, clock } = deps;
  const now = clock.now();
  await takeHits(db, now, [
    [channel.limits.codeChecksPerAddress, clientAddress],
    [channel.limits.codeChecksPerRegistration, token],
  ]);
  const outcome = await db.transaction().execute(async (trx): Promise<CheckOutcome> => {
    const registration = await lockRegistration(trx, channel.channel, token, now);
    if (registration.verified_at !== null) return { kind: 'verified', at: registration.verified_at };
    if (registration.code_hash === null) return { kind: 'burnt' };
    if (registration.code_expires_at <= now) return { kind: 'expired' };
    if (!codeMatches(registration.code_hash, token, input.code)) {
      const wrong = wrongCode(registration.failed_attempts);
      await trx
        .updateTable('registrations')
        .set({ failed_attempts: wrong.failedAttempts, code_hash: wrong.burnt ? null : registration.code_hash })
        .where('id', '=', registration.id)
        .execute();
      return wrong.refusal;
    }
    // the code is spent: it proved the destination once
    await trx
      .updateTable('registrations')
      .set({ verified_at: now, code_hash: null })
      .where('id', '=', registration.id)
      .execute();
    return { kind: 'verified', at: now };
  });
  if (outcome.kind !== 'verified') throw codeRefused(outcome);
  return { verified_at: outcome.at.toISOString(), _links: verifiedCalls(channel) };
}

/**
 * `otp/email`: the e-mail address a phone registration's account will have,
 * unverified. Whether another account has it is not told (see createCustomer).
 */
export async function addRegistrationEmail(deps: AppDeps, token: string, input: OtpEmailRequest): Promise<EmailAdded> {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const registration = await lockRegistration(trx, 'sms', token, now);
    await trx.updateTable('registrations').set({ email: input.email }).where('id', '=', registration.id).execute();
    const links =
      registration.verified_at === null ? nextCalls(SMS_CHANNEL, registration.send_count) : verifiedCalls(SMS_CHANNEL);
    return { email: input.email, _links: links };
  });
}

/**
 * `commit`: the customer of a verified registration, created with its
 * verified e-mail or number, password and consents (the registration ends),
 * handed over as a signed token for `jwt2auth`. 400 CodeNotDefined before
 * the code is checked; 409 CustomerAlreadyExists when another registration
 * of the same destination finished first.
 */
export async function commitRegistration(deps: AppDeps, token: string): Promise<RegistrationCommitted> {
  const { db, clock } = deps;
  const now = clock.now();
  let channel: CodeChannel = EMAIL_CHANNEL;
  try {
    const handoff = await db.transaction().execute(async (trx) => {
      const registration = await lockRegistration(trx, undefined, token, now);
      channel = channelOf(registration.channel);
      if (registration.verified_at === null) {
        throw new ApiError('CodeNotDefined', 'Enter the code we sent before finishing your registration', 'code');
      }
      await trx.deleteFrom('registrations').where('id', '=', registration.id).execute();
      if (await channel.findCustomer(trx, registration.destination)) throw customerExists(channel);
      const customer = await createCustomer(channel, trx, registration, now);
      return issueHandoff(trx, deps, customer.id);
    });
    return { jwt: handoff.jwt, expires_at: handoff.expiresAt.toISOString(), _links: oauthLinks('jwt2auth') };
  } catch (error) {
    // another registration for the same destination (or e-mail) finished first
    if (isUniqueViolation(error)) throw customerExists(channel);
    throw error;
  }
}

async function createCustomer(channel: CodeChannel, trx: Db, registration: Registration, now: Date): Promise<Customer> {
  const contact = channel.contact(registration.destination, now);
  // a phone registration's e-mail address (otp/email) is the customer's own word until they confirm it;
  // one another account has stays that account's, and this one starts without
  const email =
    registration.email !== null && contact.email === null && !(await findCustomerByEmail(trx, registration.email))
      ? { email: registration.email }
      : {};
  const customer = await insertCustomer(trx, {
    ...contact,
    ...email,
    passwordHash: registration.password_hash,
    country: registration.country,
    locale: registration.locale,
    createdAt: now,
    agentId: registration.agent_id,
  });
  await recordConsents(trx, customer.id, registration.country, {
    terms: registration.terms_accepted_at,
    privacy: registration.privacy_accepted_at,
  });
  return customer;
}
