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

export const securityHeaders = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    // a page with a policy of its own keeps it (the API reference page, api-docs-page.ts)
    if (!c.res.headers.has('Content-Security-Policy')) {
      setAnswerHeader(c, 'Content-Security-Policy', CONTENT_SECURITY_POLICY);
    }
    setAnswerHeader(c, 'X-Content-Type-Options', 'nosniff');
    setAnswerHeader(c, 'Referrer-Policy', 'strict-origin-when-cross-origin');
    setAnswerHeader(c, 'X-Frame-Options', 'DENY');
    setAnswerHeader(c, 'Cross-Origin-Opener-Policy', 'same-origin');
    setAnswerHeader(c, 'Permissions-Policy', 'camera=(self), geolocation=(), microphone=(), payment=(self)');
    if (reachedOverHttps(c)) {
      setAnswerHeader(c, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
