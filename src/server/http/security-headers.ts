import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { setAnswerHeader } from './answer-headers.ts';
import type { AppEnv } from './app-env.ts';
import { reachedOverHttps } from './forwarded.ts';

/**
 * Strict CSP for the served app: our own origin only, no inline script,
 * no framing. Styles allow inline attributes for React's style props.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** What every answer carries, also the ones Node's server gives before the app sees a request (node-server.ts). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), geolocation=(), microphone=(), payment=(self)',
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HSTS whenever the customer reached us over https, directly or through a
 * trusted proxy, and always when the public origin is https (a browser
 * ignores it over http, so it costs nothing where it cannot apply).
 */
const sendsHsts = (c: Context<AppEnv>): boolean =>
  c.var.deps.config.publicOrigin?.startsWith('https:') === true || reachedOverHttps(c);

export const securityHeaders = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) setAnswerHeader(c, name, value);
    if (sendsHsts(c)) setAnswerHeader(c, 'Strict-Transport-Security', HSTS);
  });
