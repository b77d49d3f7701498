import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOCALE_COOKIE, type Locale, preferredLocale } from '../../domain/locales.ts';

/** The tags of an Accept-Language header, most wanted first ("sv-SE,sv;q=0.9,en;q=0.5" → sv-SE, sv, en). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .slice(0, 16)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, order };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag);
}

/**
 * The language the page will start in, as the client decides it (domain/locales.ts): the device's choice, which
 * the client mirrors in a cookie, else the browser's languages.
 */
export function pageLocale(c: Context): Locale {
  return preferredLocale(getCookie(c, LOCALE_COOKIE), acceptedLanguages(c.req.header('accept-language')));
}
