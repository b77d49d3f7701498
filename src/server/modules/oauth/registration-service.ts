import { randomUUID } from 'node:crypto';
import {
  type CodeCheckRequest,
  type CodeResent,
  type CodeSent,
  MAX_CODE_SENDS,
  REGISTRATION_LIFETIME_MINUTES,
} from '../../../domain/contract/oauth.ts';
import type { SignedIn } from '../../../domain/contract/user.ts';
import type { Locale } from '../../../domain/locales.ts';
import { SOURCE_LOCALE } from '../../../domain/locales.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { createSession, hashToken, newToken } from '../../auth/sessions.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueueMessage } from '../../jobs/message-send-handler.ts';
import { registeringAgentId } from '../user/agents.ts';
import { insertCustomer, recordConsents } from '../user/customers.ts';
import { userView } from '../user/user-view.ts';
import type { CodeChannel } from './code-channels.ts';
import { oauthLinks } from './oauth-links.ts';
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
} from './one-time-code.ts';
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
 * limited too; the destination and send limits follow, before the costly
 * hash. A channel that does not tell about accounts does all of this for a
 * destination with one too, and answers alike.
 */
export async function startRegistration(
  deps: AppDeps,
  channel: CodeChannel,
  input: NewRegistration,
  clientAddress: string,
): Promise<CodeSent> {
  const { db, clock, config } = deps;
  const now = clock.now();
  await takeHits(db, now, [[channel.limits.registrationsPerAddress, clientAddress]]);
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
    if (registration.send_count >= MAX_CODE_SENDS) {
      throw new ApiError(channel.sendLimit, 'No more codes can be sent for this registration. Start again.');
    }
    refuseEarlyResend(registration.code_sent_at, now);
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

type CheckOutcome = CodeRefusal | { kind: 'taken' } | { kind: 'signed-in'; result: SignedIn };

/**
 * Check the code; the right one turns the registration into a signed-in
 * customer. Every check counts against `clientAddress` and the registration
 * first; wrong codes are counted in the database and committed before the
 * error is answered, so no replica and no retry forgets one.
 */
export async function checkCode(
  deps: AppDeps,
  channel: CodeChannel,
  token: string,
  input: CodeCheckRequest,
  clientAddress: string,
): Promise<SignedIn> {
  const { db, clock } = deps;
  const now = clock.now();
  await takeHits(db, now, [
    [channel.limits.codeChecksPerAddress, clientAddress],
    [channel.limits.codeChecksPerRegistration, token],
  ]);
  let outcome: CheckOutcome;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<CheckOutcome> => {
      const registration = await lockRegistration(trx, channel.channel, token, now);
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
      await trx.deleteFrom('registrations').where('id', '=', registration.id).execute();
      if (await channel.findCustomer(trx, registration.destination)) return { kind: 'taken' };
      return { kind: 'signed-in', result: await createCustomer(deps, channel, trx, registration, now) };
    });
  } catch (error) {
    // another registration for the same destination finished first
    if (isUniqueViolation(error)) throw customerExists(channel);
    throw error;
  }
  switch (outcome.kind) {
    case 'signed-in':
      return outcome.result;
    case 'taken':
      throw customerExists(channel);
    default:
      throw codeRefused(outcome);
  }
}

async function createCustomer(
  { config, clock }: AppDeps,
  channel: CodeChannel,
  trx: Db,
  registration: Registration,
  now: Date,
): Promise<SignedIn> {
  const customer = await insertCustomer(trx, {
    ...channel.contact(registration.destination, now),
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
  const { token } = await createSession(trx, config, clock, customer.id);
  return { token, user: userView(customer) };
}
