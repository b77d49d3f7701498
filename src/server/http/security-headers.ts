import { createMiddleware } from 'hono/factory';
import { adyenWebOrigins, type CardGatewayOrigins } from '../providers/card-gateway/adyen/adyen-web-origins.ts';
import { setAnswerHeader } from './answer-headers.ts';
import type { AppEnv } from './app-env.ts';
import { reachedOverHttps } from './forwarded.ts';

/**
 * Strict CSP for the served app: our own origin only, no inline script,
 * no framing. Styles allow inline attributes for React's style props. With
 * Adyen as the card gateway, its card component's origins are added where it
 * needs them and nowhere else: its card fields are frames from Adyen's
 * checkout host (`frame-src`), which it also calls and takes brand logos
 * from, and it reports to Adyen's analytics host (`connect-src`). Its script
 * is ours, bundled, so `script-src` stays `'self'`.
 */
function contentSecurityPolicy(cardGatewayOrigins: CardGatewayOrigins | undefined): string {
  const { checkout, analytics } = cardGatewayOrigins ?? {};
  const plus = (...origins: Array<string | undefined>) =>
    origins
      .filter(Boolean)
      .map((origin) => ` ${origin}`)
      .join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${plus(checkout)}`,
    "font-src 'self'",
    `connect-src 'self'${plus(checkout, analytics)}`,
    ...(checkout ? [`frame-src ${checkout}`] : []),
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

const CONTENT_SECURITY_POLICY = contentSecurityPolicy(undefined);

export const securityHeaders = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const gateway = c.var.deps.config.providers.cardGateway;
    const policy =
      gateway.kind === 'adyen' ? contentSecurityPolicy(adyenWebOrigins(gateway.environment)) : CONTENT_SECURITY_POLICY;
    setAnswerHeader(c, 'Content-Security-Policy', policy);
    setAnswerHeader(c, 'X-Content-Type-Options', 'nosniff');
    setAnswerHeader(c, 'Referrer-Policy', 'strict-origin-when-cross-origin');
    setAnswerHeader(c, 'X-Frame-Options', 'DENY');
    setAnswerHeader(c, 'Cross-Origin-Opener-Policy', 'same-origin');
    setAnswerHeader(c, 'Permissions-Policy', 'camera=(self), geolocation=(), microphone=(), payment=(self)');
    if (reachedOverHttps(c)) {
      setAnswerHeader(c, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
