import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { HANDOFF_LIFETIME_SECONDS } from '../../../domain/contract/oauth.ts';
import type { SignedIn } from '../../../domain/contract/user.ts';
import { createSession } from '../../auth/sessions.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { userView } from '../user/user-view.ts';

/**
 * The hand-over of a finished registration from the OAuth-style API to the
 * main API (SPEC §7 `commit` → `jwt2auth`): an HS256 JWT naming the customer,
 * signed with AUTH_HANDOFF_KEY, good for HANDOFF_LIFETIME_SECONDS, whose
 * `jti` is recorded so the one exchange that takes it is the only one.
 */
const ISSUER = 'sarraf-oauth';
const AUDIENCE = 'sarraf-main';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

const refused = () =>
  new ApiError('Unauthorized', 'This sign-in has run out or was already used. Sign in with your details.');

/** Sign a hand-over of `customerId`, recorded in `trx` (the transaction that created the customer). */
export async function issueHandoff(
  trx: Db,
  { config, clock }: Pick<AppDeps, 'config' | 'clock'>,
  customerId: string,
): Promise<{ jwt: string; expiresAt: Date }> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + HANDOFF_LIFETIME_SECONDS * 1000);
  const jti = randomUUID();
  await trx.insertInto('auth_handoffs').values({ jti, customer_id: customerId, expires_at: expiresAt }).execute();
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(customerId)
    .setJti(jti)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(expiresAt))
    .sign(config.authHandoffKey);
  return { jwt, expiresAt };
}

/**
 * `jwt2auth`: a session of the main API for the customer a hand-over names.
 * The signature, issuer, audience and expiry are checked first (only HS256
 * with our key), then the hand-over is spent under the database's row lock,
 * so two exchanges of one token never both succeed. Every refusal is the
 * same 401.
 */
export async function exchangeHandoff(deps: AppDeps, jwt: string): Promise<SignedIn> {
  const { db, config, clock } = deps;
  const now = clock.now();
  let subject: string | undefined;
  let jti: string | undefined;
  try {
    const { payload } = await jwtVerify(jwt, config.authHandoffKey, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    subject = payload.sub;
    jti = payload.jti;
  } catch {
    throw refused();
  }
  if (subject === undefined || jti === undefined) throw refused();
  const customerId = subject;
  const handoffId = jti;
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('auth_handoffs')
      .set({ used_at: now })
      .where('jti', '=', handoffId)
      .where('customer_id', '=', customerId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('customer_id')
      .executeTakeFirst();
    if (!spent) throw refused();
    const customer = await trx
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    if (customer.status !== 'active')
      throw new ApiError('DisabledCustomer', 'This account is disabled. Contact support.');
    const { token } = await createSession(trx, config, clock, customer.id);
    return { token, user: userView(customer) };
  });
}
