import { randomUUID } from 'node:crypto';
import {
  BANK_ID_SESSION_LIFETIME_MINUTES,
  type BankIdRestarted,
  type BankIdStarted,
  type BankIdStartRequest,
  MAX_BANK_ID_RESTARTS,
} from '../../../domain/contract/oauth.ts';
import type { SignedIn } from '../../../domain/contract/user.ts';
import { findSourceCountry } from '../../../domain/countries.ts';
import { SOURCE_LOCALE } from '../../../domain/locales.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { createSession, hashToken, newToken } from '../../auth/sessions.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { BankIdOrderStart } from '../../providers/bank-id/bank-id-provider.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { registeringAgentId } from '../user/agents.ts';
import { findCustomerByPersonalNumber, insertCustomer, recordConsents } from '../user/customers.ts';
import { userView } from '../user/user-view.ts';

const MINUTE = 60_000;

/** Where the provider's page sends the browser back (the app's callback routes, SPEC §2; /nets-agent for an agent's sign-up). */
const returnPaths = (agentId: string | null) =>
  ({ successUrl: agentId ? '/nets-agent' : '/nets-success', failureUrl: '/nets-fail' }) as const;

const ended = () => new ApiError('Unauthorized', 'This bank-ID identification has ended; start again');

const taken = () =>
  new ApiError('CustomerAlreadyExists', 'An account with this bank ID already exists. Sign in with bank ID instead.');

/**
 * The live bank-ID session a bearer token names (locked for the rest of the
 * transaction when `trx` is one); 401 when there is none.
 */
async function liveSession(db: Db, token: string, now: Date, lock = false) {
  const query = db
    .selectFrom('bank_id_sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now);
  const session = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!session) throw ended();
  return session;
}

/**
 * Start a registration or a sign-in with bank ID from `clientAddress`: the
 * country must take bank ID for it; the provider's order is started and
 * the session kept with its bearer token hashed.
 */
export async function startBankId(
  deps: AppDeps,
  input: BankIdStartRequest,
  clientAddress: string,
): Promise<BankIdStarted> {
  const { db, clock, providers } = deps;
  const now = clock.now();
  const country = findSourceCountry(input.country);
  const allowed = input.purpose === 'registration' ? country?.bankIdRegistration : country?.bankIdLogin;
  if (!allowed) throw new ApiError('InvalidCountry', 'Bank ID is not available in this country', 'country');
  await takeHits(db, now, [[ABUSE_LIMITS.bankIdStartsPerAddress, clientAddress]]);
  const agentId = input.purpose === 'registration' ? await registeringAgentId(db, input.agent_code) : null;
  await db.deleteFrom('bank_id_sessions').where('expires_at', '<=', now).execute();
  const order = await providers.bankId.start(orderStart(input.country, input.personal_number, agentId));
  const token = newToken();
  await db
    .insertInto('bank_id_sessions')
    .values({
      id: `bid_${randomUUID()}`,
      token_hash: hashToken(token),
      purpose: input.purpose,
      country: input.country,
      personal_identity_number: input.personal_number,
      order_ref: order.orderRef,
      restart_count: 0,
      locale: input.locale ?? SOURCE_LOCALE,
      terms_accepted_at: input.purpose === 'registration' ? now : null,
      privacy_accepted_at: input.purpose === 'registration' ? now : null,
      expires_at: new Date(now.getTime() + BANK_ID_SESSION_LIFETIME_MINUTES * MINUTE),
      created_at: now,
      agent_id: agentId,
    })
    .execute();
  return { bank_id_token: token, redirect_url: order.redirectUrl };
}

const orderStart = (country: string, personalIdentityNumber: string, agentId: string | null): BankIdOrderStart => ({
  country,
  personalIdentityNumber,
  ...returnPaths(agentId),
});

/**
 * A new provider order for the same session, at most MAX_BANK_ID_RESTARTS
 * times. The provider is asked outside the transaction (it is another
 * system); an order started for a session that meanwhile reached its limit
 * is simply never used.
 */
export async function restartBankId(deps: AppDeps, token: string, clientAddress: string): Promise<BankIdRestarted> {
  const { db, clock, providers } = deps;
  const now = clock.now();
  const refuseMore = (restarts: number) => {
    if (restarts >= MAX_BANK_ID_RESTARTS) {
      throw new ApiError('BankIdResetDDOS', 'Too many bank-ID attempts for this identification. Start again.');
    }
  };
  const before = await liveSession(db, token, now);
  refuseMore(before.restart_count);
  await takeHits(db, now, [[ABUSE_LIMITS.bankIdStartsPerAddress, clientAddress]]);
  const order = await providers.bankId.start(
    orderStart(before.country, before.personal_identity_number, before.agent_id),
  );
  await db.transaction().execute(async (trx) => {
    const session = await liveSession(trx, token, now, true);
    refuseMore(session.restart_count);
    await trx
      .updateTable('bank_id_sessions')
      .set({ order_ref: order.orderRef, restart_count: session.restart_count + 1 })
      .where('id', '=', session.id)
      .execute();
  });
  return { redirect_url: order.redirectUrl };
}

/**
 * Collect the provider's answer: identified, the session ends and the
 * customer is signed in (a registration creates them first). The number
 * signed in with is the one the provider identified, never the browser's.
 */
export async function checkBankId(deps: AppDeps, token: string): Promise<SignedIn> {
  const { db, clock, config, providers } = deps;
  const now = clock.now();
  // the provider is asked outside the transaction; the session must still name the same order when it ends
  const { order_ref: orderRef } = await liveSession(db, token, now);
  const result = await providers.bankId.collect(orderRef);
  if (result.status !== 'complete') throw notIdentified(result.status);
  const { personalIdentityNumber, country } = result;
  // a random password no one knows: a customer registered by bank ID signs in with bank ID
  const passwordHash = await hashPassword(newToken(), config.passwordHashing);
  try {
    return await db.transaction().execute(async (trx) => {
      const session = await liveSession(trx, token, now, true);
      if (session.order_ref !== orderRef) throw notIdentified('pending');
      await trx.deleteFrom('bank_id_sessions').where('id', '=', session.id).execute();
      const existing = await findCustomerByPersonalNumber(trx, country, personalIdentityNumber);
      if (session.purpose === 'login') {
        if (!existing) {
          throw new ApiError('CustomerNotFound', 'No account uses this bank ID. Register with bank ID instead.');
        }
        if (existing.status !== 'active') {
          throw new ApiError('DisabledCustomer', 'Your account is blocked. Contact customer support.');
        }
        const { token: sessionToken } = await createSession(trx, config, clock, existing.id);
        return { token: sessionToken, user: userView(existing, await findRemitter(trx, existing.id)) };
      }
      if (existing) throw taken();
      const customer = await insertCustomer(trx, {
        email: null,
        mobile: null,
        passwordHash,
        country,
        locale: session.locale,
        emailVerifiedAt: null,
        mobileVerifiedAt: null,
        createdAt: now,
        personalIdentityNumber,
        agentId: session.agent_id,
      });
      await recordConsents(trx, customer.id, country, {
        terms: session.terms_accepted_at ?? now,
        privacy: session.privacy_accepted_at ?? now,
      });
      const { token: sessionToken } = await createSession(trx, config, clock, customer.id);
      return { token: sessionToken, user: userView(customer) };
    });
  } catch (error) {
    // another registration with the same bank ID finished first
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

function notIdentified(status: 'pending' | 'cancelled' | 'failed'): ApiError {
  const message = {
    pending: 'Bank ID has not identified you yet. Finish in your bank ID app, then try again.',
    cancelled: 'You cancelled the identification with bank ID.',
    failed: 'Bank ID could not identify you. Try again or choose another way to continue.',
  }[status];
  return new ApiError('CantProceedWithProvidedDetails', message);
}
