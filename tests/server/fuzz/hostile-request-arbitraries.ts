import fc from 'fast-check';
import { array, nullable, object, pattern, type Struct, size, string } from 'superstruct';
import { type Endpoint, IDEMPOTENCY_HEADER, mountedPath, pathParams } from '../../../src/domain/contract/endpoint.ts';

/**
 * fast-check arbitraries of hostile requests for one endpoint table entry:
 * a plausible request (every field filled with a value its contract accepts)
 * with some parts swapped for input that has broken servers before. The
 * request is a description; `credential` and the Idempotency-Key are named,
 * not given, because the test decides what a real one is when it sends.
 */

/** SPEC §8's failure envelope, as every hostile request's refusal must be. */
export const ErrorEnvelope = object({
  errors: size(
    array(
      object({
        type: pattern(string(), /^urn:sarraf:error:[A-Za-z]+$/),
        message: string(),
        property_path: nullable(string()),
      }),
    ),
    1,
    Number.POSITIVE_INFINITY,
  ),
});

/** Values a contract's string fields accept, by field name; other fields are derived from their struct. */
export type KnownValues = Record<string, unknown>;

/** A request that passes the entry's contract: fields named in `known`, or the struct's first choice. */
export function plausible(name: string, struct: Struct<any, any>, known: KnownValues): unknown {
  if (name in known) return known[name];
  const schema = struct.schema as any;
  switch (struct.type) {
    // `type` is an object that lets unknown keys through
    case 'object':
    case 'type':
      return Object.fromEntries(
        Object.entries(schema as Record<string, Struct<any, any>>).map(([key, field]) => [
          key,
          plausible(key, field, known),
        ]),
      );
    case 'enums':
      return Object.values(schema)[0];
    case 'literal':
      return schema;
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return 1;
    default:
      return 'x1';
  }
}

// --- strings --------------------------------------------------------------

/** Strings that have broken parsers, databases and pattern checks before. */
const CLASSIC_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\t',
  '\n',
  '\r\n',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\uffff',
  '\ud800',
  '\udfff',
  'a\ud83db',
  '\udc00\ud800',
  '😀',
  'e\u0301',
  '%00',
  '%FF',
  '\\',
  '"',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '1e400',
  '9007199254740993',
  '0',
  '-1',
  '1e5',
  '0.000001',
  '999999999999999.999999',
  '١٢٣',
  '１２３',
  'ＧＢ',
  ' gb ',
  'ß',
  'İ',
  'ﬃ',
];

/** Any UTF-16 code unit, lone surrogates and control characters included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((unit) => String.fromCharCode(unit));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
/** Up to 300 000 characters: inside the body limit, far beyond any field. */
const hugeString = fc
  .tuple(fc.constantFrom('a', '9', 'é', '😀', '\u0000', ' ', '@'), fc.integer({ min: 1_000, max: 300_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CLASSIC_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

/** A value the contract accepts with a control character or lone surrogate slipped in somewhere. */
function tainted(value: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat({ max: value.length }), fc.oneof(controlCharacter, loneSurrogate, fc.constantFrom('\u0000', '%00')))
    .map(([at, bad]) => `${value.slice(0, at)}${bad}${value.slice(at)}`);
}

// --- JSON bodies ----------------------------------------------------------

/**
 * A piece of a request body: a value JSON.stringify writes, text or bytes
 * written as they are (numbers JSON.parse rounds, invalid UTF-8, broken
 * syntax), or an object as a list of entries (so a key can appear twice).
 */
type Piece = { json: unknown } | { raw: string | Uint8Array } | { entries: [string, Piece][] };

const NUMBER_TOKENS = [
  '1e400',
  '-1e400',
  '1e-400',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '1E+2',
  '-0',
  '0.1',
  '1.7976931348623157e309',
  '0x10',
  '01',
  '+1',
  '.5',
  'NaN',
  'Infinity',
  'undefined',
];

/** Byte sequences that are not UTF-8: stray bytes, overlong forms, encoded surrogates, past U+10FFFF, truncated. */
const INVALID_UTF8: number[][] = [
  [0xff],
  [0xfe, 0xff],
  [0x80],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xc3],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

const text = new TextEncoder();
const invalidUtf8String: fc.Arbitrary<Piece> = fc
  .constantFrom(...INVALID_UTF8)
  .map((bytes) => ({ raw: new Uint8Array([...text.encode('"a'), ...bytes, ...text.encode('b"')]) }));

/** Arrays or objects nested far deeper than any request (a recursive check of them overflows the stack). */
const deepValue: fc.Arbitrary<Piece> = fc
  .tuple(fc.integer({ min: 50, max: 100_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
  .map(([depth, [open = '', close = '']]) => ({ raw: `${open.repeat(depth)}1${close.repeat(depth)}` }));

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 0.5, 2 ** 53 + 2, 1e308, 5e-324, [], {}, [null], { '': '' }),
  fc.integer({ min: 1_000, max: 100_000 }).map((length) => new Array(length).fill(0)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** The value one time in `oneIn`, otherwise undefined. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

/**
 * The parts as given with a fault in them: mostly in exactly one part, so it
 * gets past the contract's checks of the others to the code behind them;
 * sometimes in several, sometimes in none. `undefined` drops a part.
 */
function withFaults<T>(parts: { same: T; changed: fc.Arbitrary<T | undefined> }[]): fc.Arbitrary<T[]> {
  const same = parts.map((part) => part.same);
  if (parts.length === 0) return fc.constant(same);
  const kept = (all: (T | undefined)[]) => all.filter((part): part is T => part !== undefined);
  const one = fc
    .nat({ max: parts.length - 1 })
    .chain((victim) => fc.tuple(...parts.map((part, n) => (n === victim ? part.changed : fc.constant(part.same)))));
  const several = fc.tuple(
    ...parts.map((part) => fc.oneof({ weight: 2, arbitrary: fc.constant(part.same) }, part.changed)),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(same) },
    { weight: 4, arbitrary: one.map(kept) },
    { weight: 2, arbitrary: several.map(kept) },
  );
}

const hostilePiece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((json) => ({ json })) },
  { weight: 2, arbitrary: hostileJson.map((json) => ({ json })) },
  { weight: 1, arbitrary: fc.constantFrom(...NUMBER_TOKENS).map((raw) => ({ raw })) },
  { weight: 1, arbitrary: invalidUtf8String },
  { weight: 1, arbitrary: deepValue },
);

/** A field's value changed: tainted, replaced by something hostile, or (objects) changed inside. */
function changedPiece(value: unknown): fc.Arbitrary<Piece> {
  const inside: fc.Arbitrary<Piece>[] = [];
  if (typeof value === 'string') inside.push(tainted(value).map((json) => ({ json })));
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    inside.push(objectPiece(value as Record<string, unknown>));
  }
  return inside.length === 0 ? hostilePiece : fc.oneof(hostilePiece, ...inside);
}

const hostileKey = fc.oneof(
  hostileString,
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf'),
);

/** The plausible object with fields dropped or changed, sometimes one added or given twice. */
function objectPiece(value: Record<string, unknown>): fc.Arbitrary<Piece> {
  const fields = withFaults(
    Object.entries(value).map(([key, item]) => ({
      same: [key, { json: item }] as [string, Piece],
      changed: fc.option(
        changedPiece(item).map((piece): [string, Piece] => [key, piece]),
        { freq: 6, nil: undefined },
      ),
    })),
  );
  return fc
    .tuple(
      fields,
      sometimes(fc.tuple(hostileKey, hostilePiece), 6),
      sometimes(fc.tuple(fc.nat(), hostilePiece, fc.boolean()), 6),
    )
    .map(([kept, extra, twice]) => {
      const entries = [...kept, ...(extra ? [extra] : [])];
      if (twice && entries.length > 0) {
        const [key] = entries[twice[0] % entries.length] as [string, Piece];
        if (twice[2]) entries.push([key, twice[1]]);
        else entries.unshift([key, twice[1]]);
      }
      return { entries };
    });
}

function write(piece: Piece, out: (string | Uint8Array)[]): void {
  if ('raw' in piece) out.push(piece.raw);
  else if ('json' in piece) out.push(JSON.stringify(piece.json) ?? 'null');
  else {
    out.push('{');
    piece.entries.forEach(([key, item], n) => {
      out.push(`${n > 0 ? ',' : ''}${JSON.stringify(key)}:`);
      write(item, out);
    });
    out.push('}');
  }
}

function bytesOf(piece: Piece): Uint8Array {
  const out: (string | Uint8Array)[] = [];
  write(piece, out);
  return Buffer.concat(out.map((part) => (typeof part === 'string' ? text.encode(part) : part)));
}

const BODY_LIMIT = 1024 * 1024;

/** A whole body: mostly a mutated plausible object, otherwise broken JSON, other top-level values or too many bytes. */
function bodyBytes(value: Record<string, unknown>): fc.Arbitrary<Uint8Array> {
  const structured = fc.oneof({ weight: 4, arbitrary: objectPiece(value) }, hostilePiece).map(bytesOf);
  return fc.oneof(
    { weight: 12, arbitrary: structured },
    {
      weight: 2,
      arbitrary: fc.tuple(structured, fc.nat()).map(([bytes, at]) => bytes.subarray(0, at % (bytes.length + 1))),
    },
    { weight: 1, arbitrary: structured.map((bytes) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])) },
    { weight: 1, arbitrary: deepValue.map(bytesOf) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', ' ', '[]', 'null', '"x"', '1', 'true', '[{}]', "{'a':1}", '{"a":1,}', '{"a" 1}', '{}{}')
        .map((raw) => text.encode(raw)),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
    { weight: 1, arbitrary: fc.constant(new Uint8Array(BODY_LIMIT + 1).fill(0x20)) },
  );
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/jsonx',
  '*/*',
  'json',
  '\u00ff\u00fe',
];

// --- URLs -----------------------------------------------------------------

/** Percent-encodes the UTF-8 of a string (a lone surrogate, which no URL can carry, becomes U+FFFD). */
const pct = (value: string) => encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));

/** URL text as a hand would type it: bad escapes, escapes of bytes that are not UTF-8, reserved characters. */
const RAW_URL_TEXT = [
  '%00',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%E2%82',
  '%',
  '%zz',
  '%2F',
  '+',
  'a%00b',
  '%u0041',
  ';',
  '%23',
];
const rawUrlText = fc.constantFrom(...RAW_URL_TEXT);

/** A path or query value changed: tainted, hostile, or URL text that is not a well-formed escape of UTF-8. */
function changedUrlValue(value: unknown): fc.Arbitrary<string> {
  return fc.oneof(tainted(typeof value === 'string' ? value : 'x1').map(pct), hostileString.map(pct), rawUrlText);
}

/** Segments the URL parser itself resolves, which would name another path: not an input we can answer for. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

function pathSegments(params: Record<string, unknown>, names: string[]): fc.Arbitrary<string[]> {
  return withFaults(
    names.map((name) => ({
      same: pct(String(params[name])),
      changed: changedUrlValue(params[name]).filter((segment) => segment !== '' && !DOT_SEGMENT.test(segment)),
    })),
  );
}

function queryString(value: Record<string, unknown> | undefined): fc.Arbitrary<string> {
  const fields = withFaults(
    Object.entries(value ?? {}).map(([key, item]) => ({
      same: `${key}=${pct(String(item))}`,
      changed: fc.option(
        changedUrlValue(item).map((encoded) => `${key}=${encoded}`),
        { freq: 6, nil: undefined },
      ),
    })),
  );
  const extra = fc.oneof(
    fc.tuple(hostileString, hostileString).map(([key, item]) => `${pct(key)}=${pct(item)}`),
    rawUrlText,
    fc.constantFrom(...Object.keys(value ?? {}), 'a[]').map((key) => `${key}=${key}`),
  );
  return fc.tuple(fields, sometimes(extra, value ? 6 : 2)).map(([kept, more]) => {
    const parts = [...kept, ...(more === undefined ? [] : [more])];
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

// --- headers --------------------------------------------------------------

/** What a Headers object can carry: latin-1 without NUL, CR and LF (fetch refuses those before we see them). */
const headerText = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 1, max: 0xff })
      .filter((unit) => unit !== 0x0a && unit !== 0x0d)
      .map((unit) => String.fromCharCode(unit)),
    maxLength: 40,
  }),
  fc.constantFrom('', 'Bearer', 'Bearer ', 'null', 'undefined', '\u00ff'.repeat(200)),
  fc.integer({ min: 1_000, max: 64_000 }).map((length) => 'x'.repeat(length)),
);

/** A credential or Idempotency-Key by role: the test makes the real or fresh one when it sends. */
export type Credential = 'real' | 'none' | { garbage: string };
export type IdempotencyKey = 'fresh' | 'reused' | 'none' | { garbage: string };

export interface HostileRequest {
  path: string;
  credential: Credential;
  idempotencyKey: IdempotencyKey;
  headers: Record<string, string>;
  body?: Uint8Array;
}

const credential: fc.Arbitrary<Credential> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('real' as const) },
  { weight: 1, arbitrary: fc.constant('none' as const) },
  { weight: 2, arbitrary: headerText.map((garbage) => ({ garbage })) },
);

const idempotencyKey: fc.Arbitrary<IdempotencyKey> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('fresh' as const) },
  { weight: 2, arbitrary: fc.constant('reused' as const) },
  { weight: 1, arbitrary: fc.constant('none' as const) },
  { weight: 2, arbitrary: headerText.map((garbage) => ({ garbage })) },
);

/** Headers some calls read (request id, country hints); any of them may come with a hostile value. */
const READ_HEADERS = ['x-request-id', 'accept-language', 'cf-ipcountry', 'cf-region-code', 'x-forwarded-for'];

const extraHeaders = fc
  .array(fc.tuple(fc.constantFrom(...READ_HEADERS), headerText), { maxLength: 3 })
  .map((pairs) => Object.fromEntries(pairs));

/** Hostile requests for one entry; `known` names the values its contract accepts. */
export function hostileRequests(entry: Endpoint, known: KnownValues): fc.Arbitrary<HostileRequest> {
  const value = (struct: Struct<any, any> | undefined) =>
    struct ? (plausible('', struct, known) as Record<string, unknown>) : undefined;
  const path = fc
    .tuple(pathSegments(value(entry.params) ?? {}, pathParams(entry.path)), queryString(value(entry.query)))
    .map(([filled, query]) => {
      let n = 0;
      return `${mountedPath(entry).replace(/:[A-Za-z_][A-Za-z0-9_]*/g, () => filled[n++] as string)}${query}`;
    });
  // A body where the entry takes none is ignored; fetch allows none on a GET.
  const body =
    entry.method === 'GET'
      ? fc.constant(undefined)
      : entry.body
        ? fc.oneof({ weight: 12, arbitrary: bodyBytes(value(entry.body) ?? {}) }, fc.constant(undefined))
        : sometimes(bodyBytes({}), 3);
  const contentType = fc.oneof(
    { weight: 10, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  return fc
    .record({
      path,
      credential,
      idempotencyKey: entry.idempotent ? idempotencyKey : fc.constant('none' as const),
      extra: extraHeaders,
      body,
      contentType,
    })
    .map(({ extra, contentType: type, body: bytes, ...request }) => ({
      ...request,
      headers: type === undefined || bytes === undefined ? extra : { ...extra, 'content-type': type },
      ...(bytes === undefined ? {} : { body: bytes }),
      [fc.toStringMethod]: () => readable(entry, request, bytes),
    }));
}

/** A failing request as a person reads it: long parts cut, bytes that are not printable ASCII escaped. */
function readable(entry: Endpoint, request: Omit<HostileRequest, 'headers'>, body: Uint8Array | undefined): string {
  const shown = (value: string) =>
    JSON.stringify(value.length > 300 ? `${value.slice(0, 300)}… (${value.length} characters)` : value);
  const bytes = body && Buffer.from(body.subarray(0, 300)).toString('latin1');
  return [
    `${entry.method} ${shown(request.path)}`,
    `credential ${JSON.stringify(request.credential).slice(0, 100)}, key ${JSON.stringify(request.idempotencyKey).slice(0, 100)}`,
    body ? `body (${body.length} bytes) ${JSON.stringify(bytes)}` : 'no body',
  ].join('; ');
}

/** The request's headers once the test knows the real credential and a fresh key. */
export function requestHeaders(
  entry: Endpoint,
  request: HostileRequest,
  real: { session: string; registration: string; reusedKey: string },
): Headers {
  const headers = new Headers(request.headers);
  const { credential: given, idempotencyKey: key } = request;
  if (given !== 'none') {
    if (entry.auth === 'registration') {
      headers.set('authorization', given === 'real' ? `Bearer ${real.registration}` : given.garbage);
    } else {
      headers.set('x-auth-token', given === 'real' ? real.session : given.garbage);
    }
  }
  if (key !== 'none') {
    headers.set(
      IDEMPOTENCY_HEADER,
      key === 'fresh' ? crypto.randomUUID() : key === 'reused' ? real.reusedKey : key.garbage,
    );
  }
  return headers;
}

// --- routes outside the endpoint tables -----------------------------------

/** A form body as a browser posts one: names and values hostile, or URL text that is not a well-formed escape. */
const formBody: fc.Arbitrary<Uint8Array> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('outcome', 'decision', 'data', 'state', 'code'), hostileString.map(pct), rawUrlText),
      fc.oneof(fc.constantFrom('success', 'failure', 'approve', 'decline', ''), hostileString.map(pct), rawUrlText),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => text.encode(pairs.map(([name, value]) => `${name}=${value}`).join('&')));

/** A request to a route no contract describes (the sandbox providers' pages, provider callbacks). */
export interface HostileRouteRequest {
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

/**
 * Hostile requests for a route the app mounts beside the endpoint tables:
 * its parameters a made-up id or hostile URL text, a hostile query string,
 * and for a POST a hostile JSON, form or other body under any content type.
 */
export function hostileRouteRequests(method: string, path: string): fc.Arbitrary<HostileRouteRequest> {
  const names = pathParams(path);
  const segments = withFaults(
    names.map(() => ({
      same: 'not-a-real-id',
      changed: changedUrlValue('x1').filter((segment) => segment !== '' && !DOT_SEGMENT.test(segment)),
    })),
  );
  const filled = fc.tuple(segments, queryString(undefined)).map(([values, query]) => {
    let n = 0;
    return `${path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, () => values[n++] ?? 'not-a-real-id')}${query}`;
  });
  const body =
    method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 3, arbitrary: bodyBytes({}).map((bytes) => ({ bytes, type: 'application/json' })) },
          { weight: 3, arbitrary: formBody.map((bytes) => ({ bytes, type: 'application/x-www-form-urlencoded' })) },
          { weight: 2, arbitrary: fc.tuple(bodyBytes({}), fc.constantFrom(...CONTENT_TYPES)) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        );
  return fc.record({ path: filled, extra: extraHeaders, body }).map(({ path: url, extra, body: sent }) => {
    const [bytes, type] = Array.isArray(sent) ? sent : sent ? [sent.bytes, sent.type] : [undefined, undefined];
    return {
      path: url,
      headers: type === undefined ? extra : { ...extra, 'content-type': type },
      ...(bytes === undefined ? {} : { body: bytes }),
      [fc.toStringMethod]: () =>
        `${method} ${JSON.stringify(url.slice(0, 300))}; ${bytes ? `body (${bytes.length} bytes, ${type}) ${JSON.stringify(Buffer.from(bytes.subarray(0, 200)).toString('latin1'))}` : 'no body'}`,
    };
  });
}
