import { randomUUID } from 'node:crypto';
import {
  BANK_ID_SESSION_LIFETIME_MINUTES,
  type BankIdIdentity,
  type BankIdMigrateRequest,
  type BankIdMigration,
  type BankIdRestarted,
  type BankIdStarted,
  type BankIdStartRequest,
  MAX_BANK_ID_RESTARTS,
} from '../../../domain/contract/oauth.ts';
import type { SignedIn } from '../../../domain/contract/user.ts';
import { findSourceCountry } from '../../../domain/countries.ts';
import { SOURCE_LOCALE } from '../../../domain/locales.ts';
import { maskMobile } from '../../../domain/phone.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { createSession, hashToken, newToken } from '../../auth/sessions.ts';
import {
  type Customer,
  findCustomer,
  findCustomerByPersonalNumber,
  insertCustomer,
  recordConsents,
} from '../../customers/customers.ts';
import type { Db } from '../../db/connection.ts';
import type { BankIdSessionsTable } from '../../db/tables/bank-id.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { BankIdOrderStart } from '../../providers/bank-id/bank-id-provider.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { registeringAgentId } from '../user/agents.ts';
import { userView } from '../user/user-view.ts';
import { passCaptchaGate } from './guest-sessions.ts';
import { oauthLinks } from './oauth-links.ts';
import { accessDenied, tokenRefusal } from './token-refusal.ts';

const MINUTE = 60_000;

/** Where the provider's page sends the browser back (the app's callback routes, SPEC §2; /nets-agent for an agent's sign-up). */
const returnPaths = (agentId: string | null) =>
  ({ successUrl: agentId ? '/nets-agent' : '/nets-success', failureUrl: '/nets-fail' }) as const;

const ended = () => new ApiError('Unauthorized', 'This bank-ID identification has ended; start again');

const taken = () =>
  new ApiError('CustomerAlreadyExists', 'An account with this bank ID already exists. Sign in with bank ID instead.');

/**
 * The live bank-ID session a bearer token names (locked for the rest of the
 * transaction when `trx` is one); 401 when there is none, 403 AccessDenied
 * when the token is live for another of the OAuth calls (`tokenRefusal`).
 */
async function liveSession(db: Db, token: string, now: Date, lock = false) {
  const query = db
    .selectFrom('bank_id_sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now);
  const session = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!session) throw await tokenRefusal(db, token, now, ended());
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
  guestToken?: string,
): Promise<BankIdStarted> {
  const country = findSourceCountry(input.country);
  const allowed = input.purpose === 'registration' ? country?.bankIdRegistration : country?.bankIdLogin;
  if (!allowed) throw noBankId();
  const registration = input.purpose === 'registration';
  return openSession(deps, clientAddress, {
    purpose: input.purpose,
    country: input.country,
    personalNumber: input.personal_number,
    locale: input.locale ?? SOURCE_LOCALE,
    consentedAt: registration ? deps.clock.now() : null,
    agentId: registration ? await registeringAgentId(deps.db, input.agent_code) : null,
    customerId: null,
    guestToken,
  });
}

const noBankId = () => new ApiError('InvalidCountry', 'Bank ID is not available in this country', 'country');

/**
 * Bank-ID migrate: the signed-in customer (who signs in another way) starts
 * an identification whose `check` ties the identified personal number to
 * their account. Their country must take bank ID for sign-in, and their
 * account must not have a personal number yet.
 */
export async function migrateToBankId(
  deps: AppDeps,
  customerId: string,
  input: BankIdMigrateRequest,
  clientAddress: string,
): Promise<BankIdMigration> {
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw ended();
  if (!findSourceCountry(customer.country)?.bankIdLogin) throw noBankId();
  if (customer.personal_identity_number !== null) throw alreadyBankId();
  const started = await openSession(deps, clientAddress, {
    purpose: 'migrate',
    country: customer.country,
    personalNumber: input.personalIdentityNumber,
    locale: customer.locale,
    consentedAt: null,
    agentId: null,
    customerId,
  });
  return { ...started, url: started.redirect_url };
}

const alreadyBankId = () => new ApiError('AccountAlreadyExists', 'Your account already signs in with bank ID.');

interface NewBankIdSession {
  purpose: BankIdSessionsTable['purpose'];
  country: string;
  personalNumber: string;
  locale: string;
  /** a registration's consent to the terms and the privacy policy */
  consentedAt: Date | null;
  agentId: string | null;
  customerId: string | null;
  /** a registration's bearer of a guest session, for the captcha gate */
  guestToken?: string | undefined;
}

/**
 * The provider's order for a new bank-ID session, counted against
 * `clientAddress` (a registration's then through the captcha gate), and the
 * session with its token hashed.
 */
async function openSession(deps: AppDeps, clientAddress: string, session: NewBankIdSession): Promise<BankIdStarted> {
  const { db, clock, providers } = deps;
  const now = clock.now();
  const addressHits = await takeHits(db, now, [[ABUSE_LIMITS.bankIdStartsPerAddress, clientAddress]]);
  const captcha =
    session.purpose === 'registration'
      ? await passCaptchaGate(deps, clientAddress, session.guestToken, addressHits)
      : undefined;
  await db.deleteFrom('bank_id_sessions').where('expires_at', '<=', now).execute();
  const order = await providers.bankId.start(orderStart(session.country, session.personalNumber, session.agentId));
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await captcha?.spend(trx);
    await trx
      .insertInto('bank_id_sessions')
      .values({
        id: `bid_${randomUUID()}`,
        token_hash: hashToken(token),
        purpose: session.purpose,
        country: session.country,
        personal_identity_number: session.personalNumber,
        order_ref: order.orderRef,
        restart_count: 0,
        locale: session.locale,
        terms_accepted_at: session.consentedAt,
        privacy_accepted_at: session.consentedAt,
        expires_at: new Date(now.getTime() + BANK_ID_SESSION_LIFETIME_MINUTES * MINUTE),
        created_at: now,
        agent_id: session.agentId,
        customer_id: session.customerId,
      })
      .execute();
  });
  return { bank_id_token: token, redirect_url: order.redirectUrl, _links: nextCalls(0, session.purpose) };
}

/**
 * What a bank-ID session that has restarted `restarts` times may call next:
 * check, a new order while restarts are left, and for a registration who
 * the bank identified (ekyc).
 */
const nextCalls = (restarts: number, purpose: BankIdSessionsTable['purpose']) =>
  oauthLinks(
    'bankid/check',
    ...(restarts < MAX_BANK_ID_RESTARTS ? (['bankid/reset'] as const) : []),
    ...(purpose === 'registration' ? (['bankid/ekyc'] as const) : []),
  );

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
  return { redirect_url: order.redirectUrl, _links: nextCalls(before.restart_count + 1, before.purpose) };
}

/**
 * `bankid/ekyc`: who a registration's bank ID identified, as their bank
 * holds them (the number masked but for its last four digits). The session
 * goes on: `bankid/check` makes the customer with these details.
 */
export async function identifyBankIdPerson(deps: AppDeps, token: string): Promise<BankIdIdentity> {
  const { db, clock, providers } = deps;
  const session = await liveSession(db, token, clock.now());
  if (session.purpose !== 'registration') throw accessDenied();
  const result = await providers.bankId.collect(session.order_ref);
  if (result.status !== 'complete') throw notIdentified(result.status);
  const { person, personalIdentityNumber } = result;
  return {
    given_name: person.givenName,
    surname: person.surname,
    date_of_birth: person.dateOfBirth,
    personal_number: maskMobile(personalIdentityNumber),
    _links: oauthLinks('bankid/check'),
  };
}

/**
 * Collect the provider's answer: identified, the session ends and the
 * customer is signed in (a registration creates them first). The number
 * signed in with is the one the provider identified, never the browser's.
 * `only`: the session must be of this purpose (SPEC §7's `api/bank-id/login`
 * takes a sign-in's only), or it is refused (403 AccessDenied), and nothing changes.
 */
export async function checkBankId(
  deps: AppDeps,
  token: string,
  only?: BankIdSessionsTable['purpose'],
): Promise<SignedIn> {
  const { db, clock, config, providers } = deps;
  const now = clock.now();
  // the provider is asked outside the transaction; the session must still name the same order when it ends
  const { order_ref: orderRef, purpose } = await liveSession(db, token, now);
  if (only !== undefined && purpose !== only) throw accessDenied();
  const result = await providers.bankId.collect(orderRef);
  if (result.status !== 'complete') throw notIdentified(result.status);
  const { personalIdentityNumber, country, person } = result;
  // a random password no one knows: a customer registered by bank ID signs in with bank ID
  const passwordHash = await hashPassword(newToken(), config.passwordHashing);
  try {
    return await db.transaction().execute(async (trx) => {
      const session = await liveSession(trx, token, now, true);
      if (session.order_ref !== orderRef) throw notIdentified('pending');
      await trx.deleteFrom('bank_id_sessions').where('id', '=', session.id).execute();
      const existing = await findCustomerByPersonalNumber(trx, country, personalIdentityNumber);
      if (session.customer_id !== null) {
        return tieToAccount(deps, trx, session.customer_id, existing, { country, personalIdentityNumber });
      }
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
      // the bank ID is a verified identity: onboarding starts from the name and date of birth the bank holds
      const named = await trx
        .updateTable('customers')
        .set({ first_name: person.givenName, last_name: person.surname })
        .where('id', '=', customer.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const remitter = await trx
        .insertInto('remitters')
        .values({ customer_id: customer.id, date_of_birth: person.dateOfBirth, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      const { token: sessionToken } = await createSession(trx, config, clock, customer.id);
      return { token: sessionToken, user: userView(named, remitter) };
    });
  } catch (error) {
    // another registration with the same bank ID finished first
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * Migrate's end: the identified number becomes the account's, verified now,
 * unless another account has it; the customer is signed in anew.
 */
async function tieToAccount(
  { config, clock }: AppDeps,
  trx: Db,
  customerId: string,
  holder: Customer | undefined,
  identified: { country: string; personalIdentityNumber: string },
): Promise<SignedIn> {
  if (holder && holder.id !== customerId) {
    throw new ApiError(
      'AccountAlreadyExists',
      'Another account already signs in with this bank ID. Sign in with bank ID to use that account.',
    );
  }
  const customer = await trx
    .updateTable('customers')
    .set({
      personal_identity_number: identified.personalIdentityNumber,
      personal_identity_number_verified_at: clock.now(),
    })
    .where('id', '=', customerId)
    .where('country', '=', identified.country)
    .where('personal_identity_number', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!customer) throw alreadyBankId();
  if (customer.status !== 'active') {
    throw new ApiError('DisabledCustomer', 'Your account is blocked. Contact customer support.');
  }
  const { token } = await createSession(trx, config, clock, customer.id);
  return { token, user: userView(customer, await findRemitter(trx, customer.id)) };
}

function notIdentified(status: 'pending' | 'cancelled' | 'failed'): ApiError {
  const message = {
    pending: 'Bank ID has not identified you yet. Finish in your bank ID app, then try again.',
    cancelled: 'You cancelled the identification with bank ID.',
    failed: 'Bank ID could not identify you. Try again or choose another way to continue.',
  }[status];
  return new ApiError('CantProceedWithProvidedDetails', message);
}
