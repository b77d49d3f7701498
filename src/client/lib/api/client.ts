import { createFetch, FetchError, type FetchResponse } from 'ofetch';
import { array, is, mask, nullable, object, optional, StructError, string } from 'superstruct';
import {
  API_BASE_PATHS,
  type BodyOf,
  type Endpoint,
  fillPath,
  IDEMPOTENCY_HEADER,
  type ParamsOf,
  type QueryOf,
  REQUEST_ID_HEADER,
  type ResponseOf,
  SESSION_HEADER,
} from '../../../domain/contract/endpoint.ts';
import { CACHED_AT_HEADER } from '../../../domain/sw-messages.ts';
import { denyOAuthAccess } from '../oauth/oauth-access.ts';
import { type AppStore, appStore } from '../session/app-store.ts';
import { endBlockedSession, expireSession, hardNavigate, type Navigate } from '../session/logout.ts';
import { accessTokenAtom, baseUrlAtom } from '../session/session-atoms.ts';
import { ApiFailure, errorTypeOf } from './api-failure.ts';
import { askAgainThroughWorker, passesNoWorker } from './first-visit-answers.ts';
import { xhrFetch } from './xhr-fetch.ts';

const ErrorEnvelope = object({
  errors: array(object({ type: string(), message: string(), property_path: optional(nullable(string())) })),
});

export interface ApiClientOptions {
  store?: AppStore;
  /** The network boundary; tests pass a fake. */
  fetch?: typeof globalThis.fetch;
  /** Where an ended session goes (a full page load by default). */
  navigate?: Navigate;
  /** The in-app path to come back to after signing in again. */
  currentHref?: () => string;
}

/** What every call may add: cancellation, another base for its namespace, another session token. */
export interface CallOptions {
  signal?: AbortSignal;
  /** The namespace's base as the service locator handed it out (the OAuth-style API's `oauth_url`). */
  baseUrl?: string;
  /** A link an earlier answer gave for this call (`_links`): the call goes there instead of the entry's base and path. */
  href?: string;
  /** Sign this call with this token instead of the stored one (logout forgets it locally first). */
  sessionToken?: string;
  /**
   * The Bearer token of a guest session that passed the captcha, for a
   * registration call past the captcha-free ones of the caller's address
   * (an OAuth call that otherwise takes no token).
   */
  guestToken?: string;
  /** For an upload: hears the share of the body sent so far (0 to 1) */
  onUploadProgress?: (sent: number) => void;
}

type AnyStruct = import('superstruct').Struct<any, any>;
// biome-ignore lint/complexity/noBannedTypes: `{} extends T` asks whether every field of T is optional
type Optional<Name extends string, T> = {} extends T ? { [K in Name]?: T } : { [K in Name]: T };

/** Exactly what an entry needs from its caller, besides the options. */
export type CallInput<E extends Endpoint> = (E['multipart'] extends object
  ? { form: FormData }
  : E['body'] extends AnyStruct
    ? Optional<'body', BodyOf<E>>
    : unknown) &
  (E['query'] extends AnyStruct ? Optional<'query', QueryOf<E>> : unknown) &
  (E['params'] extends AnyStruct ? { params: { [K in keyof ParamsOf<E>]: string } } : unknown) &
  (E['idempotent'] extends true ? { idempotencyKey: string } : unknown) &
  (E['auth'] extends 'registration' ? { registrationToken: string } : unknown) &
  CallOptions;

/** The input is optional when the entry needs nothing. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends` asks whether the input has no required field
export type CallArgs<E extends Endpoint> = {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** A checked answer, with when the service worker stored it if it came from its last-known copy. */
export interface Answered<T> {
  data: T;
  /** ISO 8601: the answer is a last-known copy from then (offline or a slow network); null when fresh */
  cachedAt: string | null;
}

export interface ApiClient {
  call<E extends Endpoint>(entry: E, ...args: CallArgs<E>): Promise<ResponseOf<E>>;
  request<E extends Endpoint>(entry: E, ...args: CallArgs<E>): Promise<Answered<ResponseOf<E>>>;
}

interface LooseInput extends CallOptions {
  body?: unknown;
  /** a `multipart` entry's form: its text fields and files */
  form?: FormData;
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  idempotencyKey?: string;
  registrationToken?: string;
}

const currentLocationHref = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * The one API client. A call names its endpoint table entry: the URL is the
 * entry's path under its namespace's base (the session's main API base, the
 * locator's, or the one given), with a fresh `x-request-id`, the session
 * token, the Idempotency-Key and the Bearer token the entry asks for. The
 * answer is checked against the entry's response struct (unknown fields
 * dropped); anything else becomes an `ApiFailure`. A 401 or 403 to a
 * signed-in call ends the session (SPEC §8) and sends the user to sign in;
 * a 403 AccessDenied to a Bearer call of the OAuth-style API forgets the
 * OAuth tokens held and opens the access-denied modal (`oauth-access.ts`).
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const store = options.store ?? appStore;
  const navigate = options.navigate ?? hardNavigate;
  const currentHref = options.currentHref ?? currentLocationHref;
  const $fetch = createFetch({ fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)) });

  function baseOf(entry: Endpoint, input: LooseInput): string {
    if (input.baseUrl) return input.baseUrl;
    return entry.base === 'main' ? store.get(baseUrlAtom) : API_BASE_PATHS[entry.base];
  }

  function headersOf(entry: Endpoint, input: LooseInput, requestId: string): Record<string, string> {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: requestId };
    const token = input.sessionToken ?? store.get(accessTokenAtom);
    // the main API's calls, and any other base's call that needs the session (the verification microservice)
    if (token && (entry.base === 'main' || entry.auth === 'session')) headers[SESSION_HEADER] = token;
    if (input.idempotencyKey) headers[IDEMPOTENCY_HEADER] = input.idempotencyKey;
    const bearer = input.registrationToken ?? input.guestToken;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    return headers;
  }

  async function request(entry: Endpoint, input: LooseInput = {}): Promise<Answered<unknown>> {
    const requestId = crypto.randomUUID();
    const headers = headersOf(entry, input, requestId);
    const pastWorker = passesNoWorker();
    let response: FetchResponse<unknown>;
    try {
      const fetcher = input.onUploadProgress ? createFetch({ fetch: xhrFetch(input.onUploadProgress) }) : $fetch;
      response = await fetcher.raw(input.href ?? fillPath(entry.path, input.params), {
        baseURL: input.href === undefined ? baseOf(entry, input) : undefined,
        method: entry.method,
        body: entry.multipart ? input.form : entry.body ? (input.body ?? {}) : undefined,
        query: input.query as Record<string, string> | undefined,
        headers,
        signal: input.signal,
        retry: 0,
      });
    } catch (error) {
      if (!(error instanceof FetchError) || !error.response) {
        if (input.signal?.aborted) throw error;
        throw new ApiFailure(0, requestId, [
          { type: 'NetworkError', message: 'The network request failed', propertyPath: null },
        ]);
      }
      const failure = toFailure(error.response, requestId);
      if (headers[SESSION_HEADER] && failure.type === 'DisabledCustomer') {
        await endBlockedSession(store, navigate);
      } else if (headers[SESSION_HEADER] && (failure.status === 401 || failure.status === 403)) {
        await expireSession(store, currentHref(), failure.status === 401 ? 'expired' : 'terminated', navigate);
      } else if (headers.authorization && failure.type === 'AccessDenied') {
        denyOAuthAccess(store);
      }
      throw failure;
    }
    const data = readAnswer(entry, response, requestId);
    if (pastWorker && entry.offline === 'last-known' && !entry.multipart) {
      const body = entry.body ? JSON.stringify(input.body ?? {}) : undefined;
      askAgainThroughWorker(
        () =>
          new Request(response.url, {
            method: entry.method,
            headers: {
              ...headers,
              [REQUEST_ID_HEADER]: crypto.randomUUID(),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body,
          }),
      );
    }
    return { data, cachedAt: response.headers.get(CACHED_AT_HEADER) };
  }

  return {
    request: request as ApiClient['request'],
    call: (async (entry: Endpoint, input?: LooseInput) => (await request(entry, input)).data) as ApiClient['call'],
  };
}

function answeredRequestId(response: Response, sent: string): string {
  return response.headers.get(REQUEST_ID_HEADER) ?? sent;
}

function toFailure(response: FetchResponse<unknown>, sentRequestId: string): ApiFailure {
  const requestId = answeredRequestId(response, sentRequestId);
  const body = response._data;
  if (is(body, ErrorEnvelope) && body.errors.length > 0) {
    const [first, ...rest] = body.errors.map((error) => ({
      type: errorTypeOf(error.type),
      message: error.message,
      propertyPath: error.property_path ?? null,
    }));
    if (first) return new ApiFailure(response.status, requestId, [first, ...rest]);
  }
  return new ApiFailure(response.status, requestId, [
    { type: 'UnexpectedResponse', message: `The server answered ${response.status}`, propertyPath: null },
  ]);
}

function readAnswer(entry: Endpoint, response: FetchResponse<unknown>, sentRequestId: string): unknown {
  if (entry.response === null) return null;
  const requestId = answeredRequestId(response, sentRequestId);
  const body = response._data;
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new ApiFailure(response.status, requestId, [
      { type: 'InvalidResponse', message: 'The answer has no data envelope', propertyPath: null },
    ]);
  }
  try {
    return mask(entry.envelope === 'body' ? body : body.data, entry.response);
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    throw new ApiFailure(response.status, requestId, [
      { type: 'InvalidResponse', message: error.message, propertyPath: error.path.join('.') || null },
    ]);
  }
}

const client = createApiClient();

/** Call an endpoint table entry; resolves with its checked answer. */
export const call: ApiClient['call'] = client.call;
/** The same, with when a last-known answer was stored (for screens that show the age of what they show). */
export const request: ApiClient['request'] = client.request;
