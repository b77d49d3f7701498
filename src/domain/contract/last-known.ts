import { type Endpoint, endpointPattern, pathParams } from './endpoint.ts';
import { API_AREAS } from './endpoints.ts';

/**
 * Every entry with its pattern, fixed paths before paths with parameters, the
 * order the server mounts them in: `/remit/transaction/payment-status` is its
 * own entry, never a transfer reference.
 */
const ROUTES = Object.values(API_AREAS)
  .flatMap((table) => Object.values(table as Record<string, Endpoint>))
  .sort((a, b) => pathParams(a.path).length - pathParams(b.path).length)
  .map((entry) => ({ entry, pattern: endpointPattern(entry) }));

/** The entry a same-origin request reaches, as the server would route it. */
function endpointOf(method: string, pathname: string): Endpoint | undefined {
  return ROUTES.find(({ entry, pattern }) => entry.method === method && pattern.test(pathname))?.entry;
}

/**
 * The methods a last-known entry may have: GETs, and the POST reads SPEC
 * names as POSTs (`user/get`), which change nothing on the server.
 */
export const LAST_KNOWN_METHODS = ['GET', 'POST'] as const;

/** Whether the service worker keeps a last-known copy of this request's answer (DESIGN §5). */
export function isLastKnownRequest(method: string, pathname: string): boolean {
  return endpointOf(method, pathname)?.offline === 'last-known';
}
