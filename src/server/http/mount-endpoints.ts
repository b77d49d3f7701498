import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { type Struct, validate } from 'superstruct';
import {
  type ApiBase,
  type BodyOf,
  type Endpoint,
  type EndpointTable,
  type ParamsOf,
  pathParams,
  type QueryOf,
  type ResponseOf,
} from '../../domain/contract/endpoint.ts';
import type { LiveSession } from '../auth/sessions.ts';
import { notFound } from './api-error.ts';
import type { AppDeps, AppEnv } from './app-env.ts';
import { clientAddress } from './client-address.ts';
import { edgeHeader } from './forwarded.ts';
import { type Idempotency, readIdempotencyKey, requestHash } from './idempotency.ts';
import { isPlainText } from './input-values.ts';
import { multipartBody, type UploadedFiles } from './multipart-body.ts';
import { registrationBearer } from './registration-bearer.ts';
import { requireSession } from './require-session.ts';
import { jsonBody, queryParams } from './validate.ts';

/** What a handler is given: only what its entry says the call carries, already checked. */
export interface HandlerInput<E extends Endpoint> {
  deps: AppDeps;
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
  session: E['auth'] extends 'session' ? LiveSession : undefined;
  registrationToken: E['auth'] extends 'registration' ? string : undefined;
  idempotency: E['idempotent'] extends true ? Idempotency : undefined;
  /** who is calling, for the per-address abuse limits (`client-address.ts`) */
  clientAddress: string;
  /** the uploaded files, by form field, of a `multipart` call */
  files: E['multipart'] extends object ? UploadedFiles : undefined;
  /** a request header, for the few calls that read one (e.g. the detected country) */
  header: (name: string) => string | undefined;
  /** a header our edge writes about the client (`cf-ipcountry`): undefined unless the request came through our trusted proxies */
  edgeHeader: (name: string) => string | undefined;
}

/** A success with another status than the entry's (e.g. 200 for a replayed create). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly status: 200 | 201,
  ) {}
}

export type Handler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<ResponseOf<E> | Answer<ResponseOf<E>>> | ResponseOf<E> | Answer<ResponseOf<E>>;

/** One handler per entry of an area's table; the compiler checks it against the table. */
export type Handlers<T extends EndpointTable> = { [K in keyof T]: Handler<T[K]> };

export interface Area {
  table: EndpointTable;
  handlers: Record<string, Handler<any>>;
}

/** An area's table with its handlers, checked against each other. */
export const area = <T extends EndpointTable>(table: T, handlers: Handlers<T>): Area => ({ table, handlers });

function authentication(entry: Endpoint): MiddlewareHandler<AppEnv>[] {
  if (entry.auth === 'session') return [requireSession()];
  if (entry.auth === 'registration') return [registrationBearer()];
  return [];
}

/** A call that moves money is refused without its key before anything else about it is read. */
const requireIdempotencyKey = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  c.set('idempotencyKey', readIdempotencyKey(c));
  await next();
};

/** The path parameters, checked; one that fails its struct, or holds a control character, names nothing: 404. */
function checkedParams(c: Context<AppEnv>, entry: Endpoint): unknown {
  if (!entry.params) return undefined;
  const given: Record<string, string> = c.req.param();
  const [failure, params] = validate(given, entry.params, { coerce: true });
  if (failure || !Object.values(given).every(isPlainText)) throw notFound(entry.notFound ?? 'Resource');
  return params;
}

/**
 * Bodies of frozen answers, checked and serialized once, by entry: a handler that answers again with the same
 * frozen object (the rate list, `modules/rates/fx-rate-lists.ts`) is not checked and serialized again. A frozen object cannot
 * change, so its body cannot go stale.
 */
const frozenBodies = new WeakMap<object, { entry: Endpoint; body: string }>();

/** The answer checked against the entry's response contract, in its envelope, as JSON. */
function checkedBody(name: string, entry: Endpoint, response: Struct<unknown, unknown>, data: unknown): string {
  const kept = typeof data === 'object' && data !== null ? frozenBodies.get(data) : undefined;
  if (kept?.entry === entry) return kept.body;
  const [failure] = validate(data, response);
  if (failure)
    throw new Error(`the answer of ${name} breaks its contract at ${failure.path.join('.')}: ${failure.message}`);
  const body = JSON.stringify(entry.envelope === 'body' ? data : { data });
  if (typeof data === 'object' && data !== null && Object.isFrozen(data)) frozenBodies.set(data, { entry, body });
  return body;
}

/** The handler's result, checked against the entry's response contract and put in the envelope. */
function respond(c: Context<AppEnv>, name: string, entry: Endpoint, result: unknown): Response {
  const answer = result instanceof Answer ? result : undefined;
  const data = answer ? answer.data : result;
  if (entry.response === null) return c.body(null, 204);
  const status = answer?.status ?? entry.status ?? 200;
  const body = checkedBody(name, entry, entry.response, data);
  // with its length, compression leaves an answer under its threshold as it is (compress-answers.ts)
  return c.body(body, status as 200 | 201 | 202, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
  });
}

function mount(app: Hono<AppEnv>, name: string, entry: Endpoint, handler: Handler<any>): void {
  const named: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('endpoint', name);
    c.set('endpointRoute', c.req.routePath);
    await next();
  };
  const checks: MiddlewareHandler<AppEnv>[] = [named, ...authentication(entry)];
  if (entry.idempotent) checks.push(requireIdempotencyKey());
  if (entry.body) checks.push(entry.multipart ? multipartBody(entry.body, entry.multipart) : jsonBody(entry.body));
  if (entry.query) checks.push(queryParams(entry.query));
  app.on(entry.method, entry.path, every(...checks), async (c) => {
    const params = checkedParams(c, entry);
    const body = entry.body ? (c.req.valid as (target: 'json') => unknown)('json') : undefined;
    const query = entry.query ? (c.req.valid as (target: 'query') => unknown)('query') : undefined;
    const idempotency = entry.idempotent
      ? { key: c.var.idempotencyKey, requestHash: requestHash(entry.method, entry.path, [params, body]) }
      : undefined;
    const result = await handler({
      deps: c.var.deps,
      body,
      query,
      params,
      session: entry.auth === 'session' ? c.var.session : undefined,
      registrationToken: entry.auth === 'registration' ? c.var.registrationToken : undefined,
      idempotency,
      files: entry.multipart ? c.var.uploads : undefined,
      clientAddress: clientAddress(c),
      header: (header) => c.req.header(header),
      edgeHeader: (header) => edgeHeader(c, header),
    });
    return respond(c, name, entry, result);
  });
}

/**
 * One Hono app per API base holding every entry of the areas given. Fixed
 * paths are mounted before paths with parameters, so `/remit/transaction/list`
 * is never taken for a transfer reference whatever order the tables list them.
 * Each call is named `area.name` (two areas may have entries of one name).
 */
export function mountAreas(areas: Readonly<Record<string, Area>>): Map<ApiBase, Hono<AppEnv>> {
  const entries = Object.entries(areas).flatMap(([areaName, { table, handlers }]) =>
    Object.entries(table).map(([name, entry]) => ({
      name: `${areaName}.${name}`,
      entry,
      handler: handlers[name] as Handler<any>,
    })),
  );
  entries.sort((a, b) => pathParams(a.entry.path).length - pathParams(b.entry.path).length);
  const apps = new Map<ApiBase, Hono<AppEnv>>();
  for (const { name, entry, handler } of entries) {
    let app = apps.get(entry.base);
    if (!app) {
      app = new Hono<AppEnv>();
      apps.set(entry.base, app);
    }
    mount(app, name, entry, handler);
  }
  return apps;
}
