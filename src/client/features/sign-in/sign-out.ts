import { signInCalls } from '../../../domain/contract/user/sign-in.ts';
import { call } from '../../lib/api/client.ts';
import { type AppStore, appStore } from '../../lib/session/app-store.ts';
import { logout, type Navigate } from '../../lib/session/logout.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';

/** How long signing out waits for the server before leaving anyway. */
const REVOKE_WAIT_MS = 3_000;

/**
 * The customer signs out: the server ends the session, then everything of it
 * on this device is cleared and the app reloads at its root. The token is
 * forgotten locally first, so no other call can use it meanwhile; a server
 * that is slow, unreachable or has already ended the session does not keep
 * the customer signed in on this device.
 */
export async function signOut(store: AppStore = appStore, navigate?: Navigate): Promise<void> {
  const token = store.get(accessTokenAtom);
  store.set(accessTokenAtom, null);
  if (token)
    await call(signInCalls.logout, { sessionToken: token, signal: AbortSignal.timeout(REVOKE_WAIT_MS) }).catch(
      () => undefined,
    );
  await logout(store, navigate);
}
