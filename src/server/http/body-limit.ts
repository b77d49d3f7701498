import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Refuses a body over `maxSize` bytes through `onError`. A body with a
 * Content-Length is judged by it (Node's parser reads no more than it says),
 * so the body stays unread until the handler reads it straight from the
 * socket; only a chunked body is counted while streamed, by Hono's own
 * limit. Hono's limit alone asks every call for its web-stream body, which
 * on Node builds a web Request, an AbortController and two streams per call.
 */
export function bodySizeLimit(maxSize: number, onError: () => never): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (Number(length) > maxSize) onError();
    return next();
  };
}
