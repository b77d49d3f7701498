import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { PasskeyChallengesTable } from '../../db/tables/passkeys.ts';
import { ApiError } from '../../http/api-error.ts';

/** How long a passkey challenge holds: the ceremony's own timeout, and no longer. */
export const PASSKEY_CHALLENGE_SECONDS = 300;

type Purpose = PasskeyChallengesTable['purpose'];

/** Keep a challenge the server made, for one use within `PASSKEY_CHALLENGE_SECONDS`. */
export async function keepChallenge(
  db: Db,
  clock: Clock,
  challenge: string,
  purpose: Purpose,
  customerId: string | null,
): Promise<void> {
  const now = clock.now();
  // challenges nobody came back for are dropped by the next one
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge,
      purpose,
      customer_id: customerId,
      expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000),
    })
    .execute();
}

export const notVerified = (message: string) => new ApiError('PasskeyNotVerified', message, 'credential');

/**
 * Take the challenge an authenticator signed (from its `clientDataJSON`),
 * deleting it whatever the verification then finds, so no challenge is ever
 * used twice; refused when it was not given for this purpose (and, adding a
 * passkey, to this customer) or has expired.
 */
export async function takeChallenge(
  db: Db,
  clock: Clock,
  clientDataJSON: string,
  purpose: Purpose,
  customerId: string | null,
): Promise<string> {
  const challenge = signedChallenge(clientDataJSON);
  const taken =
    challenge === undefined
      ? undefined
      : await db
          .deleteFrom('passkey_challenges')
          .where('challenge', '=', challenge)
          .where('purpose', '=', purpose)
          .where((eb) => (customerId === null ? eb('customer_id', 'is', null) : eb('customer_id', '=', customerId)))
          .returning(['challenge', 'expires_at'])
          .executeTakeFirst();
  if (!taken || taken.expires_at <= clock.now()) {
    throw notVerified('This passkey request has expired or was already used. Try again.');
  }
  return taken.challenge;
}

/** The `challenge` of a base64url `clientDataJSON`, or undefined when it has none. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}
