import { vi } from 'vitest';
import { type ClientProviders, clientFeatures } from '../../domain/contract/client-providers.ts';
import { DEFAULT_FEATURE_FLAGS } from '../../domain/feature-flags.ts';
import { rememberClientProviders } from '../lib/known-client-providers.ts';

/** A request the app sent through `fetch`. */
export interface SentRequest {
  method: string;
  path: string;
  /** the query string's parameters */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Answer = (request: SentRequest) => Response | Promise<Response>;

/** What the demo server says of the browser's own services (a test routes `GET /api/locator/client-providers` to say otherwise). */
export const SANDBOX_CLIENT_PROVIDERS: ClientProviders = {
  captcha: { kind: 'sandbox', url: '/sandbox/captcha' },
  analytics_url: '/sandbox/analytics/events',
  error_reporting_url: '/sandbox/error-reports',
  error_reporting_dsn: null,
  support_chat_url: '/sandbox/chat/messages',
  address_search_countries: ['GB', 'SE', 'CA', 'US', 'DE', 'FR', 'NL', 'BE', 'DK', 'NO', 'IT'],
  bank_link_currencies: null,
  features: clientFeatures(DEFAULT_FEATURE_FLAGS),
};

/**
 * A deployment whose configuration flags differ from SPEC §9's, as a page that has its answer already meets it:
 * the answer known from the start (no screen shows SPEC's behaviour first) and the route of
 * `GET client-providers` saying the same, for `fakeApi`. Modules are fresh per file: one file, one deployment.
 */
export function deploymentWith(features: Partial<ClientProviders['features']>) {
  const providers = { ...SANDBOX_CLIENT_PROVIDERS, features: { ...SANDBOX_CLIENT_PROVIDERS.features, ...features } };
  rememberClientProviders(providers);
  return { 'GET /api/locator/client-providers': reply(200, { data: providers }) };
}

/** A JSON answer with this status and body. */
export const reply =
  (status: number, body: unknown): Answer =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's failure envelope with one error. */
export const failure = (status: number, type: string, message: string, propertyPath: string | null = null): Answer =>
  reply(status, { errors: [{ type: `urn:sarraf:error:${type}`, message, property_path: propertyPath }] });

/**
 * The network boundary of the app under test: `fetch` answered per
 * "METHOD /path" from queues of answers (the last answer repeats), every
 * request recorded. Anything unrouted fails the way a dead network does.
 */
export function fakeApi(routes: Record<string, Answer | Answer[]>) {
  const sent: SentRequest[] = [];
  const all = { 'GET /api/locator/client-providers': reply(200, { data: SANDBOX_CLIENT_PROVIDERS }), ...routes };
  const queues = new Map(Object.entries(all).map(([key, answers]) => [key, [answers].flat()]));
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://app',
    );
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    sent.push(request);
    const queue = queues.get(`${request.method} ${request.path}`);
    const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!answer) throw new TypeError(`Failed to fetch ${request.method} ${request.path}`);
    return answer(request);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    sent,
    /** the requests sent to one "METHOD /path" */
    to: (route: string) => sent.filter((request) => `${request.method} ${request.path}` === route),
  };
}
