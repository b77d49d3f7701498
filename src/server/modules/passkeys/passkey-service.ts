import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { Selectable } from 'kysely';
import type { PasskeyAttestation, PasskeyCreationOptions, PasskeyView } from '../../../domain/contract/passkeys.ts';
import { findCustomer } from '../../customers/customers.ts';
import type { PasskeysTable } from '../../db/tables/passkeys.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { keepChallenge, notVerified, PASSKEY_CHALLENGE_SECONDS, takeChallenge } from './passkey-challenges.ts';

/** Options to add a passkey to the signed-in customer's account (a discoverable one, with user verification). */
export async function registrationOptions(
  { db, clock, config }: AppDeps,
  customerId: string,
): Promise<PasskeyCreationOptions> {
  const customer = await findCustomer(db, customerId);
  if (!customer) throw notFound('Customer');
  const existing = await db
    .selectFrom('passkeys')
    .select(['id', 'transports'])
    .where('customer_id', '=', customerId)
    .execute();
  const userName = customer.email ?? customer.mobile ?? customer.id;
  const fullName = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  const options = await generateRegistrationOptions({
    rpName: config.webAuthn.rpName,
    rpID: config.webAuthn.rpId,
    userID: new TextEncoder().encode(customer.id),
    userName,
    userDisplayName: fullName || userName,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports: JSON.parse(transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, clock, options.challenge, 'registration', customerId);
  return options;
}

/** Keep the passkey an authenticator made for a challenge this customer was given. */
export async function addPasskey(
  { db, clock, config }: AppDeps,
  customerId: string,
  credential: PasskeyAttestation,
): Promise<PasskeyView> {
  const expectedChallenge = await takeChallenge(
    db,
    clock,
    credential.response.clientDataJSON,
    'registration',
    customerId,
  );
  const verification = await verifyRegistrationResponse({
    response: credential,
    expectedChallenge,
    expectedOrigin: config.webAuthn.origins,
    expectedRPID: config.webAuthn.rpId,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw notVerified('This passkey could not be checked. Try again.');
  const { credential: made, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const row = await db
    .insertInto('passkeys')
    .values({
      id: made.id,
      customer_id: customerId,
      public_key: Buffer.from(made.publicKey).toString('base64url'),
      counter: made.counter,
      transports: JSON.stringify(made.transports ?? credential.response.transports ?? []),
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp,
      created_at: clock.now(),
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notVerified('This passkey is already added.');
  return passkeyView(row);
}

/** The customer's passkeys, newest first. */
export async function listPasskeys({ db }: AppDeps, customerId: string): Promise<PasskeyView[]> {
  const rows = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(passkeyView);
}

/** Remove one of the customer's passkeys; anyone else's is not found. */
export async function removePasskey({ db }: AppDeps, customerId: string, id: string): Promise<null> {
  const removed = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw notFound('Passkey');
  return null;
}

function passkeyView(row: Selectable<PasskeysTable>): PasskeyView {
  return {
    id: row.id,
    synced: row.device_type === 'multiDevice',
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}
