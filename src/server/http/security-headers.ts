import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config.ts';
import { adyenWebOrigins, type CardGatewayOrigins } from '../providers/card-gateway/adyen/adyen-web-origins.ts';
import { setAnswerHeader } from './answer-headers.ts';
import type { AppEnv } from './app-env.ts';
import { socketAddress } from './forwarded.ts';
import { HSTS, servedOverHttps } from './hsts.ts';

/**
 * Strict CSP for the served app: our own origin only, no inline script,
 * no framing. Styles allow inline attributes for React's style props. With
 * Adyen as the card gateway, its card component's origins are added where it
 * needs them and nowhere else: its card fields are frames from Adyen's
 * checkout host (`frame-src`), which it also calls and takes brand logos
 * from, and it reports to Adyen's analytics host (`connect-src`). Its script
 * is ours, bundled, so `script-src` stays `'self'`. With ERROR_REPORTING=sentry
 * the DSN's origin is added to `connect-src`, where the browser sends its reports; with IDENTITY_CAPTURE=onfido,
 * Onfido's Web SDK origins (`ONFIDO_WEB_SDK`).
 */
const OWN_ORIGIN_ONLY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
} as const;

type Directive = keyof typeof OWN_ORIGIN_ONLY;

const policy = (extra: Partial<Record<Directive, string[]>>): string =>
  (Object.keys(OWN_ORIGIN_ONLY) as Directive[])
    .map((name) => [name, ...OWN_ORIGIN_ONLY[name], ...(extra[name] ?? [])].join(' '))
    .join('; ');

/** reCAPTCHA's script and widget frames, as Google's CSP guidance lists them. */
const RECAPTCHA: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/**
 * Onfido's Web SDK (IDENTITY_CAPTURE=onfido): its loader is ours, bundled, and fetches the SDK's script and styles
 * from Onfido's SDK origin; the SDK talks to Onfido's regional API and upload hosts, over HTTPS and WebSocket, and
 * shows Onfido's images. Nothing else of Onfido is let in, and none of it without Onfido as the capture provider.
 */
const ONFIDO_WEB_SDK: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://sdk.onfido.com'],
  'style-src': ['https://sdk.onfido.com'],
  'img-src': ['https://*.onfido.com'],
  'connect-src': ['https://*.onfido.com', 'wss://*.onfido.com'],
};

/** The origin of a client service on another origin than ours, which the page must be allowed to reach. */
const otherOrigin = (url: string | undefined): string[] => (url?.startsWith('http') ? [new URL(url).origin] : []);

/** The policy for this deployment: our origin, plus exactly the outside services the browser was configured with. */
export function contentSecurityPolicy(config: Config): string {
  const { analyticsUrl, errorReportingUrl, supportChatUrl } = config.clientServices;
  const captcha = config.providers.captcha.kind === 'recaptcha' ? RECAPTCHA : {};
  const reporting = config.errorReporting.kind === 'sentry' ? [config.errorReporting.origin] : [];
  const services = [
    ...new Set([...[analyticsUrl, errorReportingUrl, supportChatUrl].flatMap(otherOrigin), ...reporting]),
  ];
  const gateway = config.providers.cardGateway;
  const adyen: CardGatewayOrigins | undefined =
    gateway.kind === 'adyen' ? adyenWebOrigins(gateway.environment) : undefined;
  const card = adyen ? [adyen.checkout] : [];
  const onfido = config.providers.identityCapture.kind === 'onfido' ? ONFIDO_WEB_SDK : {};
  return policy({
    ...captcha,
    'script-src': [...(captcha['script-src'] ?? []), ...(onfido['script-src'] ?? [])],
    'style-src': onfido['style-src'] ?? [],
    'img-src': [...card, ...(onfido['img-src'] ?? [])],
    'connect-src': [...services, ...card, ...(adyen ? [adyen.analytics] : []), ...(onfido['connect-src'] ?? [])],
    'frame-src': [...(captcha['frame-src'] ?? []), ...card],
  });
}

/** What every answer carries: its type is never sniffed, and it is never framed (browsers before `frame-ancestors`). */
const EVERY_ANSWER: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/**
 * What a page takes from its answer besides its policy, and a worker from its script's (a script may be one): where
 * its requests say they come from.
 */
const PAGE_OR_WORKER_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** What only a page takes from its answer: its browsing context group, and which browser features it may use. */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), geolocation=(), microphone=(), payment=(self)',
};

/**
 * The policy of an answer that is neither a page nor a script (the API's JSON, the styles, an image, the manifest):
 * it loads nothing and nothing frames it (OWASP's REST Security Cheat Sheet), and an SVG opened by itself runs
 * nothing. The page's whole policy on each of them was 330 of their 880 bytes of headers: on a slow phone network
 * over HTTP/1.1, where headers are not compressed, 4.7 KB of the answers `/wallets` waits for before its first paint
 * (docs/decisions.md, "A page's policy on pages and scripts alone").
 */
export const NOT_A_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** What Node's own refusals carry, before the app sees the request (node-server.ts): JSON, not a page. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...EVERY_ANSWER,
  'Content-Security-Policy': NOT_A_DOCUMENT_POLICY,
};

const PAGE = /^text\/html\b/;
const SCRIPT = /^(text|application)\/javascript\b/;

/** HSTS on an answer that travels over https (hsts.ts): by our own TLS or through our trusted proxies. */
const sendsHsts = (c: Context<AppEnv>): boolean =>
  servedOverHttps(c.var.deps.config, {
    encrypted: c.req.url.startsWith('https:'),
    peer: socketAddress(c),
    forwardedProto: () => c.req.header('x-forwarded-proto'),
  });

/** One policy per configuration: it is the same on every answer. */
const policies = new WeakMap<Config, string>();
function policyOf(config: Config): string {
  let cached = policies.get(config);
  if (cached === undefined) {
    cached = contentSecurityPolicy(config);
    policies.set(config, cached);
  }
  return cached;
}

export const securityHeaders = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    const page = PAGE.test(type);
    for (const [name, value] of Object.entries(EVERY_ANSWER)) setAnswerHeader(c, name, value);
    if (page || SCRIPT.test(type)) {
      // a page with a policy of its own keeps it (the API reference page, api-docs-page.ts)
      const own = c.res.headers.get('Content-Security-Policy');
      setAnswerHeader(c, 'Content-Security-Policy', own ?? policyOf(c.var.deps.config));
      for (const [name, value] of Object.entries(PAGE_OR_WORKER_HEADERS)) setAnswerHeader(c, name, value);
      if (page) for (const [name, value] of Object.entries(PAGE_HEADERS)) setAnswerHeader(c, name, value);
    } else {
      setAnswerHeader(c, 'Content-Security-Policy', NOT_A_DOCUMENT_POLICY);
    }
    if (sendsHsts(c)) setAnswerHeader(c, 'Strict-Transport-Security', HSTS);
  });
