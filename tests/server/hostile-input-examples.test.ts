import { object, refine, string, validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatedKey } from '../../src/server/http/json-body.ts';
import { toValidationError } from '../../src/server/http/validate.ts';
import { DATABASE_KINDS } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Sender, sender } from './transfers/transfer-fixtures.ts';

/**
 * One example per kind of input that once answered 500 or was quietly
 * accepted (fuzz/hostile-requests.test.ts finds such input; these keep each cause pinned).
 */
describe.each(DATABASE_KINDS)('hostile input on %s', (kind) => {
  let t: TestApp;
  let s: Sender;
  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await sender(t);
  });
  afterAll(() => t.close());

  async function send(
    method: string,
    path: string,
    body?: string | Uint8Array,
    contentType: string | null = 'application/json',
  ): Promise<{ status: number; error: { type: string; message: string; property_path: string | null } }> {
    const headers: Record<string, string> = { 'x-auth-token': s.token };
    if (contentType !== null && body !== undefined) headers['content-type'] = contentType;
    const res = await t.app.request(path, { method, headers, body });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const text = await res.text();
    return { status: res.status, error: text ? JSON.parse(text).errors?.[0] : undefined };
  }
  const failed = (type: string, property_path: string | null = null) => ({
    type: `urn:sarraf:error:${type}`,
    message: expect.any(String),
    property_path,
  });

  it('refuses a NUL in a path parameter with 404 before it reaches the database', async () => {
    for (const path of ['/api/main/remit/remittance/quotes/q%00', '/api/main/api/v1/beneficiaries/ben%00']) {
      expect(await send('GET', path)).toEqual({ status: 404, error: failed('NotFound') });
    }
  });

  it('refuses a NUL or a malformed escape in a sandbox provider page’s path with 400, not 500', async () => {
    for (const path of [
      '/sandbox/gateway/3ds/p%00',
      '/sandbox/gateway/3ds/p%00/complete',
      '/sandbox/bank-link/p%00/',
      '/sandbox/bank-link/p%00/decide',
      '/sandbox/bank-id/o%00/',
      '/sandbox/identity/r%FF/',
    ]) {
      const answer = /\/(complete|decide)$/.test(path)
        ? await send('POST', path, 'outcome=pass', 'application/x-www-form-urlencoded')
        : await send('GET', path);
      expect(answer, path).toEqual({
        status: 400,
        error: failed('ValidationFailed'),
      });
    }
  });

  it('refuses a posted form that cannot be read (a multipart body without its parts) with 400, not 500', async () => {
    for (const path of [
      '/sandbox/gateway/3ds/p1/complete',
      '/sandbox/bank-link/p1/decide',
      '/sandbox/identity/r1/captures',
      '/api/hooks/payments/sandbox/return',
    ]) {
      expect(await send('POST', path, '', 'multipart/form-data; boundary=x'), path).toEqual({
        status: 400,
        error: failed('ValidationFailed'),
      });
    }
  });

  it('refuses control characters in a query value with 400 naming it', async () => {
    expect(await send('GET', '/api/main/api/v1/beneficiaries?id=ben%00')).toEqual({
      status: 400,
      error: failed('ValidationFailed', 'id'),
    });
  });

  it('refuses a query string with a malformed %-escape or bytes that are not UTF-8, naming the parameter', async () => {
    for (const query of ['id=%FF', 'id=%', 'id=%ED%A0%80', 'page=1&id=%E0%A4%A']) {
      expect(await send('GET', `/api/main/api/v1/beneficiaries?${query}`)).toEqual({
        status: 400,
        error: failed('ValidationFailed', 'id'),
      });
    }
    expect(await send('GET', '/api/main/api/v1/beneficiaries?b%FFd=1')).toEqual({
      status: 400,
      error: failed('ValidationFailed', 'b%FFd'),
    });
  });

  it('refuses NUL, other control characters and lone surrogates in a body string, and in a key', async () => {
    const charges = (body: string) => send('POST', '/api/main/remit/transaction/get-charges', body);
    for (const id of ['q\\u0000', 'q\\u001b', 'q\\u0085', 'q\\ud800', 'q\\udc00x']) {
      expect(await charges(`{"quote_id":"${id}"}`)).toEqual({
        status: 400,
        error: failed('ValidationFailed', 'quote_id'),
      });
    }
    expect((await charges(`{"quote_id":"${s.quoteId}","\\u0000":1}`)).status).toBe(400);
    expect((await charges(`{"quote_id":"${s.quoteId}"}`)).status).toBe(200);
  });

  it('refuses nesting deeper than any request with 400 naming the field, not a stack overflow', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    expect(await send('POST', '/api/main/user/login', `{"email":${deep}}`)).toEqual({
      status: 400,
      error: failed('ValidationFailed', 'email'),
    });
    expect((await send('POST', '/api/main/user/login', deep)).status).toBe(400);
  });

  it('refuses an object with its own toString, which the contract check could not describe', async () => {
    for (const email of ['{"toString":1}', '[{"toString":1}]', '{"valueOf":1}']) {
      expect(await send('POST', '/api/main/user/login', `{"email":${email},"password":"x"}`)).toMatchObject({
        status: 400,
        error: failed('ValidationFailed', expect.stringMatching(/^email\.(0\.)?(toString|valueOf)$/)),
      });
    }
  });

  it('refuses numbers that JSON.parse would round or make infinite', async () => {
    for (const number of ['1e400', '-1e400', '9007199254740993', '123456789012345678901234567890']) {
      expect(await send('POST', '/api/main/user/get', `{"customer_id":${number}}`)).toEqual({
        status: 400,
        error: {
          ...failed('ValidationFailed', 'customer_id'),
          message: 'The customer_id field is a number out of range',
        },
      });
    }
  });

  it('refuses a key given twice instead of keeping the last', async () => {
    expect(await send('POST', '/api/main/user/get', '{"customer_id":"a","customer_id":"b"}')).toEqual({
      status: 400,
      error: failed('ValidationFailed', 'customer_id'),
    });
  });

  it('refuses a body that is not UTF-8 instead of reading U+FFFD into it', async () => {
    const body = Buffer.concat([Buffer.from('{"customer_id":"a'), Buffer.from([0xff]), Buffer.from('"}')]);
    expect(await send('POST', '/api/main/user/get', body)).toEqual({ status: 400, error: failed('ValidationFailed') });
  });

  it('refuses a body that is not declared as JSON with 415, and reads no body as {}', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', null]) {
      expect(await send('POST', '/api/main/user/get', '{}', type)).toEqual({
        status: 415,
        error: failed('UnsupportedMediaType'),
      });
    }
    expect((await send('POST', '/api/main/user/get', '{}', 'application/json; charset=UTF-8')).status).toBe(200);
    expect((await send('POST', '/api/main/user/get')).status).toBe(200);
  });

  it('answers a body of a huge array with 400 (one failure, not one per element)', async () => {
    const res = await send('POST', '/api/main/user/login', `[${new Array(100_000).fill(0).join(',')}]`);
    expect(res).toEqual({ status: 400, error: failed('ValidationFailed') });
  });
});

describe('a validation failure', () => {
  it('is read off the first failure without running the check to its end', () => {
    const [error] = validate(new Array(10).fill(0), object({ email: string() }));
    if (!error) throw new Error('expected a failure');
    const first = error.failures()[0];
    error.failures = () => {
      throw new Error('failures() walks every element');
    };
    expect(toValidationError(error).propertyPath).toBe(first?.path.join('.') || null);
  });

  it('keeps the message of a refinement without superstruct’s path prefix', () => {
    const [error] = validate({ a: { b: 'x' } }, object({ a: object({ b: refine(string(), 'b', () => 'Nope') }) }));
    if (!error) throw new Error('expected a failure');
    expect(toValidationError(error)).toMatchObject({ message: 'Nope', propertyPath: 'a.b' });
  });
});

describe('repeatedKey', () => {
  it.each([
    ['{"a":1,"b":2}', undefined],
    ['{"a":1,"a":2}', ['a']],
    ['{"a":1,"\\u0061":2}', ['a']],
    ['{"a":{"b":1},"c":{"b":2}}', undefined],
    ['{"a":{"b":1,"b":2}}', ['a', 'b']],
    ['{"a":[{"x":1},{"x":1,"x":2}]}', ['a', '1', 'x']],
    ['["a","a",{"a":"a"}]', undefined],
    ['{"a":"}","b":"{\\"a\\":1","a":2}', ['a']],
    ['{"a":{},"b":[],"a":1}', ['a']],
  ])('%s → %j', (text, path) => {
    JSON.parse(text);
    expect(repeatedKey(text)).toEqual(path);
  });
});
