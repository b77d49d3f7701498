import type { Infer, Struct } from './structs.ts';

/**
 * One API call as both sides of the wire see it (SPEC §7). Each area's
 * contract file exports a table of these; the server mounts the table
 * (src/server/http/mount-endpoints.ts), the client calls its entries
 * (src/client/lib/api/call.ts) and the service worker caches the entries
 * marked last-known (sw/api-cache.ts). The table's key is the call's one name.
 */

/** Where each API namespace is mounted on our origin (DESIGN §1); the locator hands out the main and OAuth bases. */
export const API_BASE_PATHS = {
  main: '/api/main',
  oauth: '/api/oauth',
  locator: '/api/locator',
  /** the verification microservice (SPEC §7) */
  kyc: '/api/kyc',
} as const;
export type ApiBase = keyof typeof API_BASE_PATHS;

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/**
 * Who may call: `session` needs `x-auth-token` naming a live session;
 * `registration` needs the OAuth-style API's bearer (a registration's,
 * bank-ID session's or guest session's token, as the call says) as a Bearer
 * token; `none` is public.
 */
export type Auth = 'session' | 'registration' | 'none';

/**
 * `last-known`: the service worker keeps the latest answer per signed-in user
 * (and, for a POST, per body) and serves it, dated, offline. Only for reads:
 * a GET, or a POST that changes nothing (`user/get`).
 */
export type OfflinePolicy = 'none' | 'last-known';

type AnyStruct = Struct<any, any>;

export interface Endpoint {
  method: Method;
  base: ApiBase;
  /** SPEC's path relative to the base; `:name` segments are path parameters */
  path: string;
  auth: Auth;
  /** path parameters; a value that fails its struct (or holds a control character) answers 404 `<notFound> not found` */
  params?: AnyStruct;
  query?: AnyStruct;
  body?: AnyStruct;
  /**
   * The body is `multipart/form-data` (a file upload) instead of JSON: its text
   * fields are checked by `body`, its files (only under the names given, or
   * names a pattern matches, each within its size and count) come to the
   * handler; a body over `maxBytes` is refused while it streams in.
   */
  multipart?: { maxBytes: number; files: readonly MultipartFileRule[] };
  /** the answer's `data` (or, with `envelope: 'body'`, the whole body); null: 204 with no body */
  response: AnyStruct | null;
  /** `body`: the answer carries more than `data` (e.g. `meta`) and the struct checks all of it */
  envelope?: 'data' | 'body';
  /** the status of a success; 200 unless given */
  status?: 200 | 201 | 202 | 204;
  /** takes an `Idempotency-Key` header: the same key answers with the first result */
  idempotent?: boolean;
  offline?: OfflinePolicy;
  /** what a failing path parameter names in its 404 message */
  notFound?: string;
}

/** A file field a `multipart` entry takes (a name, or names a pattern matches): its size and how many, checked while it streams in. */
export interface MultipartFileRule {
  name: string | RegExp;
  maxBytes: number;
  maxCount: number;
}

export type EndpointTable = Readonly<Record<string, Endpoint>>;

/** Keeps an entry's literal types (method, auth, structs) for the types derived from it. */
export const endpoint = <const E extends Endpoint>(entry: E): E => entry;

type StructType<S> = S extends AnyStruct ? Infer<S> : undefined;
export type BodyOf<E extends Endpoint> = StructType<E['body']>;
export type QueryOf<E extends Endpoint> = StructType<E['query']>;
export type ParamsOf<E extends Endpoint> = StructType<E['params']>;
export type ResponseOf<E extends Endpoint> = E['response'] extends AnyStruct ? Infer<E['response']> : null;

/** The header an idempotent call carries, and what it may hold: 8 to 128 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;
export const SESSION_HEADER = 'x-auth-token';
export const REQUEST_ID_HEADER = 'x-request-id';

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a path's parameters, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1] as string);
}

/** The path with each `:name` replaced by its value, URI-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`the path ${path} needs its ${name} parameter`);
    return encodeURIComponent(value);
  });
}

/** Where an entry answers on our origin: its path under its namespace's base. */
export const mountedPath = (entry: Endpoint): string => `${API_BASE_PATHS[entry.base]}${entry.path}`;

/** Whether a request path (below the origin) is this entry's: a parameter matches one non-empty segment. */
export function endpointPattern(entry: Endpoint): RegExp {
  const escaped = mountedPath(entry)
    .split(PARAM)
    .map((part, n) => (n % 2 === 1 ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}
