/**
 * SPEC §9: a dismissed notification is viewed, kept on this device and in a 10-year cookie per customer (the
 * server is told too; these keep it dismissed while that call is on its way, or offline). The cookie keeps the
 * latest ids that fit its size limit.
 */
const COOKIE_PREFIX = 'notifications-viewed-';
const MAX_AGE_SECONDS = 10 * 365 * 24 * 60 * 60;
/** SPEC §9's cookie size limit, name and value together. */
const COOKIE_LIMIT = 4093;
const SEPARATOR = '.';
const ID = /^[A-Za-z0-9_-]+$/;

const cookieName = (customerId: string) => `${COOKIE_PREFIX}${customerId}`;

export function viewedNotifications(customerId: string): Set<string> {
  const name = cookieName(customerId);
  const value = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  return new Set((value ?? '').split(SEPARATOR).filter((id) => ID.test(id)));
}

export function rememberViewed(customerId: string, id: string): void {
  if (!ID.test(id)) return;
  const name = cookieName(customerId);
  const ids = [...viewedNotifications(customerId)].filter((known) => known !== id);
  ids.push(id);
  // the oldest go first when the list outgrows the cookie
  while (ids.length > 1 && `${name}=${ids.join(SEPARATOR)}`.length > COOKIE_LIMIT) ids.shift();
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4
  document.cookie = `${name}=${ids.join(SEPARATOR)}; max-age=${MAX_AGE_SECONDS}; path=/; samesite=lax${secure}`;
}
