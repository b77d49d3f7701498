import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_LIMITS, readCookie, writeCookie } from './cookies.ts';

const names = () => document.cookie.split('; ').filter(Boolean);

afterEach(() => {
  for (const pair of names()) {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing what the test wrote
    document.cookie = `${pair.split('=')[0]}=; max-age=0; path=/`;
  }
});

describe('the app’s cookies (SPEC §9: 4093 characters, 50 cookies)', () => {
  it('writes and reads a cookie, and refuses one over 4093 characters, name and value together', () => {
    expect(writeCookie('detected-country', 'SE', 60)).toBe(true);
    expect(readCookie('detected-country')).toBe('SE');
    const name = 'notifications-viewed-c1';
    const fits = 'x'.repeat(COOKIE_LIMITS.characters - name.length - 1);
    expect(writeCookie(name, fits, 60)).toBe(true);
    expect(readCookie(name)).toBe(fits);
    expect(writeCookie(name, `${fits}y`, 60)).toBe(false);
    expect(readCookie(name)).toBe(fits);
  });

  it('keeps at most 50: the 51st makes room by dropping an evictable one, or is not written', () => {
    for (let n = 0; n < COOKIE_LIMITS.count; n += 1) {
      expect(writeCookie(n < 3 ? `notifications-viewed-c${n}` : `other-${n}`, 'v', 60)).toBe(true);
    }
    expect(names()).toHaveLength(50);
    // rewriting one already kept is not a new cookie
    expect(writeCookie('other-10', 'w', 60)).toBe(true);
    // nothing may go: not written
    expect(writeCookie('newcomer', 'v', 60)).toBe(false);
    expect(readCookie('newcomer')).toBeUndefined();
    // another customer's cookie makes room
    const evictable = (other: string) => other.startsWith('notifications-viewed-');
    expect(writeCookie('notifications-viewed-c9', 'v', 60, evictable)).toBe(true);
    expect(readCookie('notifications-viewed-c9')).toBe('v');
    expect(names()).toHaveLength(50);
    expect(names().filter((pair) => pair.startsWith('notifications-viewed-'))).toHaveLength(3);
  });
});
