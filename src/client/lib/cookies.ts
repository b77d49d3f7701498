/**
 * Cookies within SPEC §9's limits: a cookie is at most 4093 characters (name
 * and value), the app keeps at most 50 of them on a device, and none lives
 * longer than 10 years. Used by the cookies that multiply (one per customer on
 * a shared phone); the language and detected-country cookies are one each, a
 * few characters for a year, and write themselves in the first load.
 * `document.cookie` is used because the Cookie Store API is missing from Safari
 * before 18.4.
 */
export const COOKIE_LIMITS = { characters: 4093, count: 50, maxAgeSeconds: 10 * 365 * 24 * 60 * 60 } as const;

/** The cookies this page can read, by name. */
function jar(): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of document.cookie.split('; ')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return cookies;
}

export function readCookie(name: string): string | undefined {
  return jar().get(name);
}

function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4
  document.cookie = `${name}=${value}; max-age=${maxAgeSeconds}; path=/; samesite=lax${secure}`;
}

/**
 * Writes a cookie for `maxAgeSeconds` (at most 10 years); false, and nothing
 * written, when it is over 4093 characters. A new cookie that would be the
 * 51st first makes room by dropping one whose name starts with `evictable`
 * (per-customer cookies of other customers on a shared phone), or is not written.
 */
export function writeCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  evictable?: (other: string) => boolean,
): boolean {
  if (`${name}=${value}`.length > COOKIE_LIMITS.characters) return false;
  const cookies = jar();
  if (!cookies.has(name) && cookies.size >= COOKIE_LIMITS.count) {
    const spare = [...cookies.keys()].find((other) => evictable?.(other));
    if (spare === undefined) return false;
    setCookie(spare, '', 0);
  }
  setCookie(name, value, Math.min(maxAgeSeconds, COOKIE_LIMITS.maxAgeSeconds));
  return true;
}
