import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const BROTLI_QUALITY = 5; // of 11: ~the speed of gzip -6, a smaller answer
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const encode = {
  br: (bytes: Uint8Array) => brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  gzip: (bytes: Uint8Array) => gzipAsync(bytes),
};

/** Brotli unless the browser prefers gzip (browsers list gzip first, at the same weight). */
function chosenEncoding(header: string | undefined): keyof typeof encode | undefined {
  if (!header) return undefined;
  const accepted = parseAccept(header);
  const weight = (name: string) =>
    (accepted.find((a) => a.type.toLowerCase() === name) ?? accepted.find((a) => a.type === '*'))?.q ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : undefined;
}

/**
 * Compresses an answer the app made (JSON, the shell page) when the browser
 * accepts brotli or gzip and the answer is at least `threshold` bytes; files
 * arrive compressed at build (static-app.ts). Hono's own `compress` reads the
 * size of an answer from a Content-Length that `c.json()` never sets, so it
 * streamed every answer, however small, through a web CompressionStream, and
 * copied every answer to add its Vary header (a third of a quote's CPU went
 * to web streams and copies). Here a caller that accepts no compression
 * costs one header.
 */
export function compressAnswers(threshold: number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { headers, status } = c.res;
    const type = headers.get('Content-Type');
    if (c.req.method === 'HEAD' || status === 204 || status === 206 || status === 304) return;
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has('Content-Encoding')) return;
    if (NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) return;
    const vary = headers.get('Vary');
    if (!vary) headers.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/\baccept-encoding\b/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
    const encoding = chosenEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const bytes = new Uint8Array(await c.res.arrayBuffer());
    const body = bytes.byteLength < threshold ? bytes : await encode[encoding](bytes);
    const answer = new Response(body, { status, headers });
    if (body !== bytes) {
      answer.headers.set('Content-Encoding', encoding);
      answer.headers.delete('Content-Length');
    }
    c.res = answer;
  };
}
