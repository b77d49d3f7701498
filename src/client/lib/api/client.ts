import { createFetch, FetchError, type FetchResponse } from 'ofetch';
import { array, is, mask, nullable, object, optional, type Struct, StructError, string } from 'superstruct';
import { type AppStore, appStore } from '../../features/session/app-store.ts';
import { endBlockedSession, expireSession, hardNavigate, type Navigate } from '../../features/session/logout.ts';
import { accessTokenAtom, baseUrlAtom } from '../../features/session/session-atoms.ts';
import { ApiFailure, errorTypeOf } from './api-failure.ts';

const REQUEST_ID_HEADER = 'x-request-id';
const AUTH_HEADER = 'x-auth-token';

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

export interface CallOptions {
  /** Another API namespace on our origin (the OAuth-style API, the service locator); the session's main API base by default. */
  baseUrl?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** What `struct` checks: the answer's `data` (the default), or the whole body for answers whose `meta` matters. */
  read?: 'data' | 'body';
}

export type ApiCall = <T>(path: string, struct: Struct<T, any>, options?: CallOptions) => Promise<T>;

const currentLocationHref = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * The main API client. Each call goes to the session's API base with the
 * session token and a fresh `x-request-id`; the answer's `data` is checked
 * against the caller's struct (unknown fields are dropped) and returned.
 * Anything else becomes an `ApiFailure`. A 401 or 403 to a signed-in call ends
 * the session (SPEC §8) and sends the user to sign in again.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiCall {
  const store = options.store ?? appStore;
  const navigate = options.navigate ?? hardNavigate;
  const currentHref = options.currentHref ?? currentLocationHref;
  const $fetch = createFetch({ fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)) });

  return async <T>(path: string, struct: Struct<T, any>, call: CallOptions = {}): Promise<T> => {
    const requestId = crypto.randomUUID();
    const token = store.get(accessTokenAtom);
    const headers: Record<string, string> = { ...call.headers, [REQUEST_ID_HEADER]: requestId };
    if (token) headers[AUTH_HEADER] = token;

    let response: FetchResponse<unknown>;
    try {
      response = await $fetch.raw(path, {
        baseURL: call.baseUrl ?? store.get(baseUrlAtom),
        method: call.method ?? 'GET',
        body: call.body,
        query: call.query,
        headers,
        signal: call.signal,
        retry: 0,
      });
    } catch (error) {
      if (!(error instanceof FetchError) || !error.response) {
        if (call.signal?.aborted) throw error;
        throw new ApiFailure(0, requestId, [
          { type: 'NetworkError', message: 'The network request failed', propertyPath: null },
        ]);
      }
      const failure = toFailure(error.response, requestId);
      if (token && failure.type === 'DisabledCustomer') {
        await endBlockedSession(store, navigate);
      } else if (token && (failure.status === 401 || failure.status === 403)) {
        await expireSession(store, currentHref(), navigate);
      }
      throw failure;
    }
    return readData(response, struct, requestId, call.read ?? 'data');
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

function readData<T>(
  response: FetchResponse<unknown>,
  struct: Struct<T, any>,
  sentRequestId: string,
  read: 'data' | 'body',
): T {
  const requestId = answeredRequestId(response, sentRequestId);
  const body = response._data;
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new ApiFailure(response.status, requestId, [
      { type: 'InvalidResponse', message: 'The answer has no data envelope', propertyPath: null },
    ]);
  }
  try {
    return mask(read === 'body' ? body : body.data, struct);
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    throw new ApiFailure(response.status, requestId, [
      { type: 'InvalidResponse', message: error.message, propertyPath: error.path.join('.') || null },
    ]);
  }
}

/** The app's API client. */
export const api: ApiCall = createApiClient();
