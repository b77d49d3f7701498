import { passkeysApi } from '../../../domain/contract/passkeys.ts';
import { area } from '../../http/mount-endpoints.ts';
import { addPasskey, listPasskeys, registrationOptions, removePasskey } from './passkey-service.ts';
import { signInOptions, signInWithPasskey } from './passkey-sign-in.ts';

/** The passkey calls: add, list and remove (signed in), and sign in with one. */
export const passkeysArea = area(passkeysApi, {
  registrationOptions: ({ deps, session }) => registrationOptions(deps, session.customerId),
  addPasskey: ({ deps, session, body }) => addPasskey(deps, session.customerId, body.credential),
  listPasskeys: ({ deps, session }) => listPasskeys(deps, session.customerId),
  removePasskey: ({ deps, session, params }) => removePasskey(deps, session.customerId, params.id),
  signInOptions: ({ deps, clientAddress }) => signInOptions(deps, clientAddress),
  signIn: ({ deps, body, clientAddress }) => signInWithPasskey(deps, body.credential, clientAddress),
});
