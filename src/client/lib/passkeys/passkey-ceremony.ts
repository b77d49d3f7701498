import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../../domain/contract/passkeys.ts';

/**
 * The browser's side of a passkey, through SimpleWebAuthn's browser part,
 * which is loaded only here, when the customer asks for a passkey: the
 * first load never carries it.
 */

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** What became of a ceremony the customer did not finish: they cancelled it, or this authenticator holds one already. */
export type CeremonyRefusal = 'cancelled' | 'already-added';

export class PasskeyCeremonyStopped extends Error {
  constructor(readonly refusal: CeremonyRefusal) {
    super(refusal);
  }
}

/** The browser's refusals that a customer can cause, said as such; anything else is thrown on. */
function stopped(error: unknown): never {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') throw new PasskeyCeremonyStopped('cancelled');
  if (name === 'InvalidStateError') throw new PasskeyCeremonyStopped('already-added');
  throw error;
}

export async function createPasskey(options: PasskeyCreationOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  // the server's options are the library's own JSON form, checked on arrival for what is used here
  return startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] }).catch(
    stopped,
  );
}

export async function signWithPasskey(options: PasskeyRequestOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  }).catch(stopped);
}
