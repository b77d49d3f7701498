import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Hono's `compress` (JSON answers and the shell page from `threshold`
 * bytes; files arrive compressed at build, static-app.ts), with its
 * `Vary: Accept-Encoding` set in place first: `compress` sets it with
 * `c.header()`, which copies the whole answer, body stream and all, on
 * every compressible answer, whether it is then compressed or not.
 */
export function compressAnswers(threshold: number): MiddlewareHandler {
  const compressAnswer = compress({ threshold });
  return (c, next) =>
    compressAnswer(c, async () => {
      await next();
      const { headers } = c.res;
      if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('Content-Type') ?? '')) return;
      const vary = headers.get('Vary');
      if (!vary) headers.set('Vary', 'Accept-Encoding');
      else if (vary !== '*' && !VARIES_BY_ENCODING.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
    });
}
