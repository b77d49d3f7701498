import { revokeSession } from '../../lib/api/user.ts';
import { type AppStore, appStore } from '../session/app-store.ts';
import { logout, type Navigate } from '../session/logout.ts';
import { accessTokenAtom } from '../session/session-atoms.ts';

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
  if (token) await revokeSession(token, AbortSignal.timeout(REVOKE_WAIT_MS)).catch(() => undefined);
  await logout(store, navigate);
}
