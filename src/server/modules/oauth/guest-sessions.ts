import { randomUUID } from 'node:crypto';
import {
  CAPTCHA_PASS_SCORE,
  type CaptchaPassed,
  type CaptchaRequest,
  type CaptchaScored,
  GUEST_LIFETIME_MINUTES,
  GUEST_REGISTRATIONS,
  type GuestRequest,
  type GuestStarted,
  type OAuthRelation,
} from '../../../domain/contract/oauth.ts';
import { findSourceCountry } from '../../../domain/countries.ts';
import { giveBack, type Hit, takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { hashToken, newToken } from '../../auth/sessions.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { oauthLinks } from './oauth-links.ts';
import { tokenRefusal } from './token-refusal.ts';

const MINUTE = 60_000;

/** The ways to register in `country`, each a call the guest's bearer lets past the captcha gate. */
function registrationCalls(country: string): OAuthRelation[] {
  return [
    'email/send',
    'otp/send',
    ...(findSourceCountry(country)?.bankIdRegistration ? ['bankid/init' as const] : []),
  ];
}

const ended = () => new ApiError('Unauthorized', 'This guest session has ended; start another');

/** SPEC §8's AppCheckExpiredToken: the guest session's proof that a person is calling has run out. */
const checkExpired = () =>
  new ApiError('AppCheckExpiredToken', "Your robot check has run out. Confirm again that you're not a robot.");

/**
 * The live guest session a bearer token names. 401 AppCheckExpiredToken
 * when its time has run out (while the row is kept: until the next guest
 * session starts), 403 AccessDenied when the token is live for another OAuth
 * call, else 401 Unauthorized.
 */
async function liveGuest(db: Db, token: string, now: Date) {
  const guest = await db
    .selectFrom('guest_sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (guest && guest.expires_at > now) return guest;
  if (guest) throw checkExpired();
  throw await tokenRefusal(db, token, now, ended());
}

/**
 * `guest`: a new guest session for a caller the captcha gate stopped, good
 * for GUEST_LIFETIME_MINUTES, linking to the two captchas and the ways to
 * register in its country. Counted against `clientAddress`; ended sessions
 * are deleted as new ones start.
 */
export async function startGuest(deps: AppDeps, input: GuestRequest, clientAddress: string): Promise<GuestStarted> {
  const { db, clock } = deps;
  const now = clock.now();
  await takeHits(db, now, [[ABUSE_LIMITS.guestSessionsPerAddress, clientAddress]]);
  await db.deleteFrom('guest_sessions').where('expires_at', '<=', now).execute();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + GUEST_LIFETIME_MINUTES * MINUTE);
  await db
    .insertInto('guest_sessions')
    .values({
      id: `gst_${randomUUID()}`,
      token_hash: hashToken(token),
      country: input.country,
      captcha_passed_at: null,
      registrations_left: GUEST_REGISTRATIONS,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
  return {
    guest_token: token,
    expires_at: expiresAt.toISOString(),
    _links: oauthLinks('gcaptcha/v3', 'gcaptcha/v2', ...registrationCalls(input.country)),
  };
}

const captchaInvalid = () => new ApiError('CaptchaInvalid', 'The captcha did not pass. Try it again.', 'token');

/**
 * A captcha token of the live guest session `token` names goes to the
 * provider (counted against `clientAddress`, passing or not): `check` is
 * given the session's country and says whether the token passed; a pass
 * marks the session passed.
 */
async function checkForGuest<T>(
  deps: AppDeps,
  token: string,
  clientAddress: string,
  check: (country: string) => Promise<{ passed: boolean; answer: T }>,
): Promise<T> {
  const { db, clock } = deps;
  const now = clock.now();
  const guest = await liveGuest(db, token, now);
  await takeHits(db, now, [[ABUSE_LIMITS.captchaChecksPerAddress, clientAddress]]);
  const { passed, answer } = await check(guest.country);
  if (passed && guest.captcha_passed_at === null) {
    await db.updateTable('guest_sessions').set({ captcha_passed_at: now }).where('id', '=', guest.id).execute();
  }
  return answer;
}

/**
 * `gcaptcha/v3`: the provider scores the invisible check's token. From
 * CAPTCHA_PASS_SCORE the guest has passed and may register; below it, the
 * answer links only to `gcaptcha/v2`, the check a person ticks. A token the
 * provider does not know → 403 CaptchaInvalid.
 */
export async function scoreGuestCaptcha(
  deps: AppDeps,
  token: string,
  input: CaptchaRequest,
  clientAddress: string,
): Promise<CaptchaScored> {
  return checkForGuest(deps, token, clientAddress, async (country) => {
    const score = await deps.providers.captcha.score(input.token, clientAddress);
    if (score === null) throw captchaInvalid();
    const passed = score >= CAPTCHA_PASS_SCORE;
    const links = passed ? oauthLinks(...registrationCalls(country)) : oauthLinks('gcaptcha/v2');
    return { passed, answer: { passed, score, _links: links } };
  });
}

/** `gcaptcha/v2`: the "I'm not a robot" check's token; one that does not pass → 403 CaptchaInvalid. */
export async function checkGuestCaptcha(
  deps: AppDeps,
  token: string,
  input: CaptchaRequest,
  clientAddress: string,
): Promise<CaptchaPassed> {
  return checkForGuest(deps, token, clientAddress, async (country) => {
    if (!(await deps.providers.captcha.verify(input.token, clientAddress))) throw captchaInvalid();
    return { passed: true, answer: { passed: true as const, _links: oauthLinks(...registrationCalls(country)) } };
  });
}

/**
 * What let a registration through the captcha gate: nothing to pay within
 * the captcha-free registrations of its address, else one registration of
 * the guest session, paid in the registration's own transaction.
 */
export interface CaptchaPass {
  spend(trx: Db): Promise<void>;
}

const FREE: CaptchaPass = { spend: async () => {} };

/**
 * The captcha gate of a registration from `clientAddress`, after its hard
 * per-address limit (`addressHits`, given back when the gate refuses, so a
 * refused call counts nowhere). Within the captcha-free registrations the
 * call goes on as it is, and counts; past them, only with `guestToken` of a
 * live guest session that passed a captcha and has registrations left,
 * else 403 CaptchaRequired (401 AppCheckExpiredToken when the token's guest
 * had passed and its time has run out), nothing written. The gate never looks at the
 * destination, so it tells no one whether it has an account.
 */
export async function passCaptchaGate(
  deps: AppDeps,
  clientAddress: string,
  guestToken: string | undefined,
  addressHits: readonly Hit[],
): Promise<CaptchaPass> {
  const { db, clock } = deps;
  const now = clock.now();
  try {
    await takeHits(db, now, [[ABUSE_LIMITS.captchaFreeRegistrationsPerAddress, clientAddress]]);
    return FREE;
  } catch (error) {
    if (!(error instanceof ApiError) || error.type !== 'CaptchaRequired') throw error;
    if (guestToken !== undefined && (await passedGuest(db, guestToken, now))) {
      return { spend: (trx) => spendRegistration(trx, guestToken, now, error) };
    }
    await giveBack(db, addressHits);
    if (guestToken !== undefined && (await passedGuestEnded(db, guestToken, now))) throw checkExpired();
    throw error;
  }
}

/** The guest session `token` names when it is live, passed a captcha and has registrations left. */
function passedGuest(db: Db, token: string, now: Date) {
  return db
    .selectFrom('guest_sessions')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .where('captcha_passed_at', 'is not', null)
    .where('registrations_left', '>', 0)
    .executeTakeFirst();
}

/** Whether `token` names a guest session that passed a captcha and whose time has run out (kept until the next one starts). */
async function passedGuestEnded(db: Db, token: string, now: Date): Promise<boolean> {
  const ended = await db
    .selectFrom('guest_sessions')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '<=', now)
    .where('captcha_passed_at', 'is not', null)
    .executeTakeFirst();
  return ended !== undefined;
}

/**
 * One registration of the guest session, taken in one statement: concurrent
 * registrations with one guest token each wait for the row, and the last
 * registration left goes to one of them; the others are refused with `refusal`.
 */
async function spendRegistration(trx: Db, token: string, now: Date, refusal: ApiError): Promise<void> {
  const spent = await trx
    .updateTable('guest_sessions')
    .set((eb) => ({ registrations_left: eb('registrations_left', '-', 1) }))
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .where('captcha_passed_at', 'is not', null)
    .where('registrations_left', '>', 0)
    .returning('id')
    .executeTakeFirst();
  if (!spent) throw refusal;
}
