import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { PasskeyAssertion, PasskeyRequestOptions } from '../../../domain/contract/passkeys.ts';
import type { SignedIn } from '../../../domain/contract/user.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { createSession } from '../../auth/sessions.ts';
import { findCustomer } from '../../customers/customers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { userView } from '../user/user-view.ts';
import { keepChallenge, notVerified, PASSKEY_CHALLENGE_SECONDS, takeChallenge } from './passkey-challenges.ts';

/** Both sign-in calls count against the caller's address. */
const countCall = ({ db, clock }: AppDeps, clientAddress: string) =>
  takeHits(db, clock.now(), [[ABUSE_LIMITS.passkeySignInsPerAddress, clientAddress]]);

/** A challenge for any passkey of this site: the browser offers the customer theirs. */
export async function signInOptions(deps: AppDeps, clientAddress: string): Promise<PasskeyRequestOptions> {
  await countCall(deps, clientAddress);
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webAuthn.rpId,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    userVerification: 'required',
  });
  await keepChallenge(deps.db, deps.clock, options.challenge, 'sign-in', null);
  return options;
}

/**
 * Sign in with a passkey's answer to a challenge this server gave: the
 * signature must verify with the passkey's key, its counter must have moved
 * on (unless the authenticator keeps none), and the user must have been
 * verified. Every failure answers alike, and the challenge is spent either way.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  credential: PasskeyAssertion,
  clientAddress: string,
): Promise<SignedIn> {
  const { db, clock, config } = deps;
  await countCall(deps, clientAddress);
  const expectedChallenge = await takeChallenge(db, clock, credential.response.clientDataJSON, 'sign-in', null);
  const passkey = await db.selectFrom('passkeys').selectAll().where('id', '=', credential.id).executeTakeFirst();
  const refused = notVerified('This passkey could not be checked. Sign in another way, or try again.');
  if (!passkey) throw refused;
  const storedCounter = Number(passkey.counter);
  const verification = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge,
    expectedOrigin: config.webAuthn.origins,
    expectedRPID: config.webAuthn.rpId,
    credential: {
      id: passkey.id,
      publicKey: Buffer.from(passkey.public_key, 'base64url'),
      counter: storedCounter,
      transports: JSON.parse(passkey.transports),
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw refused;

  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // the counter moves only forward: of two answers racing with one count, one wins
  const moved = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, backed_up: credentialBackedUp, last_used_at: clock.now() })
    .where('id', '=', passkey.id)
    .where((eb) => (newCounter === 0 ? eb('counter', '=', '0' as never) : eb('counter', '<', newCounter as never)))
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) throw refused;

  const customer = await findCustomer(db, passkey.customer_id);
  if (!customer) throw refused;
  if (customer.status !== 'active') {
    throw new ApiError('DisabledCustomer', 'Your account is blocked. Contact customer support.');
  }
  const { token } = await createSession(db, config, clock, customer.id);
  return { token, user: userView(customer, await findRemitter(db, customer.id)) };
}
