import { COOKIE_LIMITS, readCookie, writeCookie } from '../../lib/cookies.ts';

/**
 * SPEC §9: a dismissed notification is viewed, kept on this device and in a 10-year cookie per customer (the
 * server is told too; these keep it dismissed while that call is on its way, or offline). The cookie keeps the
 * latest ids that fit its size limit; a shared phone's 50th cookie makes room by dropping another customer's.
 */
const COOKIE_PREFIX = 'notifications-viewed-';
const SEPARATOR = '.';
const ID = /^[A-Za-z0-9_-]+$/;

const cookieName = (customerId: string) => `${COOKIE_PREFIX}${customerId}`;

export function viewedNotifications(customerId: string): Set<string> {
  const value = readCookie(cookieName(customerId));
  return new Set((value ?? '').split(SEPARATOR).filter((id) => ID.test(id)));
}

export function rememberViewed(customerId: string, id: string): void {
  if (!ID.test(id)) return;
  const name = cookieName(customerId);
  const ids = [...viewedNotifications(customerId)].filter((known) => known !== id);
  ids.push(id);
  // the oldest go first when the list outgrows the cookie
  while (ids.length > 1 && `${name}=${ids.join(SEPARATOR)}`.length > COOKIE_LIMITS.characters) ids.shift();
  writeCookie(name, ids.join(SEPARATOR), COOKIE_LIMITS.maxAgeSeconds, (other) => other.startsWith(COOKIE_PREFIX));
}
