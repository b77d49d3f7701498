import { createMiddleware } from 'hono/factory';
import { setAnswerHeader } from './answer-headers.ts';
import type { AppEnv } from './app-env.ts';

const VALID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Honour a well-formed `x-request-id` from the caller, otherwise make one;
 * echo it on the response and bind it to every log line of the request.
 */
export const requestId = (options: { header?: string } = {}) => {
  const header = options.header ?? 'x-request-id';
  return createMiddleware<AppEnv>(async (c, next) => {
    const sent = c.req.header(header);
    const id = sent && VALID.test(sent) ? sent : crypto.randomUUID();
    c.set('requestId', id);
    c.set('log', c.var.deps.logger.child({ request_id: id }));
    await next();
    setAnswerHeader(c, header, id);
  });
};
