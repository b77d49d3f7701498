import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedPath } from '../../../src/domain/contract/endpoint.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { NOT_A_DOCUMENT_POLICY } from '../../../src/server/http/security-headers.ts';
import { API_DOCS_POLICY } from '../../../src/server/openapi/api-docs-page.ts';
import { openApiDocument, openApiPath } from '../../../src/server/openapi/openapi-document.ts';
import { ENDPOINT_ENTRIES } from '../../support/endpoint-entries.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const document = openApiDocument();
const operations = Object.values(document.paths as Record<string, Record<string, any>>).flatMap((byMethod) =>
  Object.values(byMethod),
);

describe('the OpenAPI description', () => {
  it('is valid OpenAPI 3.1, and the validator does refuse a broken one', async () => {
    const result = await validate(structuredClone(document) as any);
    expect(result).toMatchObject({ valid: true, specification: 'OpenAPI' });
    expect(document.openapi).toBe('3.1.0');
    // the broken copies hold two operations: the validator's verdict on them is what is tested, quickly
    const [firstPath, secondPath] = Object.keys(document.paths as object) as [string, string];
    const small = {
      ...document,
      paths: { [firstPath]: (document.paths as any)[firstPath], [secondPath]: (document.paths as any)[secondPath] },
    };
    expect((await validate(structuredClone(small) as any)).valid).toBe(true);
    const twoNames = structuredClone(small) as any;
    const [first, second] = Object.values(twoNames.paths).flatMap((byMethod: any) => Object.values(byMethod)) as any[];
    second.operationId = first.operationId;
    expect((await validate(twoNames)).valid).toBe(false);
    const noSuchPlace = structuredClone(small) as any;
    (Object.values(noSuchPlace.paths).flatMap((byMethod: any) => Object.values(byMethod)) as any[])
      .flatMap((operation) => operation.parameters)
      .forEach((parameter) => {
        parameter.in = 'body';
      });
    expect((await validate(noSuchPlace)).valid).toBe(false);
  });

  it('holds every entry of every endpoint table once, by its one name, with its area, security and Idempotency-Key', () => {
    expect(operations).toHaveLength(ENDPOINT_ENTRIES.length);
    for (const [name, entry] of ENDPOINT_ENTRIES) {
      const operation = (document.paths as any)[openApiPath(entry)]?.[entry.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation.operationId).toBe(name);
      expect(operation.tags).toEqual([name.split('.')[0]]);
      expect(operation.security).toEqual(
        entry.auth === 'session' ? [{ sessionToken: [] }] : entry.auth === 'registration' ? [{ bearer: [] }] : [],
      );
      const key = operation.parameters.find((parameter: any) => parameter.name === 'Idempotency-Key');
      expect(Boolean(key?.required), name).toBe(Boolean(entry.idempotent));
      expect(operation.responses.default).toEqual({ $ref: '#/components/responses/Error' });
      if (entry.response !== null) {
        const success = operation.responses[String(entry.status ?? 200)].content['application/json'].schema;
        if (entry.envelope !== 'body') expect(success.required).toEqual(['data']);
      }
    }
  });

  it("lists per status the error types each call can answer: any call's, its shape's and its own", () => {
    const createTransfer = operations.find((operation) => operation.operationId === 'transfers.createTransfer');
    const typesAt = (status: number): string[] => createTransfer.responses[String(status)]['x-error-types'];
    expect(typesAt(422)).toEqual(expect.arrayContaining(['IdempotencyKeyReused', 'QuoteExpired']));
    expect(typesAt(401)).toEqual(['Unauthorized']);
    expect(typesAt(503)).toContain('ServiceUnavailable');
    const schema = createTransfer.responses['422'].content['application/json'].schema;
    expect(schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Errors' });
    expect(schema.allOf[1].properties.errors.items.properties.type.enum).toContain('urn:sarraf:error:QuoteExpired');
    // a call that takes nothing and needs no session lists only what any call can answer
    const countries = operations.find((operation) => operation.operationId === 'locator.listSourceCountries');
    expect(countries.responses['401']).toBeUndefined();
    expect(countries.responses['503']['x-error-types']).toContain('ServiceUnavailable');
  });

  it('describes the paging of every paged list: limit with its maximum, the two cursors, and the next link', () => {
    const paged = {
      'transfers.listTransfers': 100,
      'notifications.listNotifications': 100,
      'wallets.listConversions': 50,
      'promotions.listPromotions': 100,
    };
    for (const [name, max] of Object.entries(paged)) {
      const operation = operations.find((candidate) => candidate.operationId === name);
      const query = Object.fromEntries(
        operation.parameters
          .filter((parameter: any) => parameter.in === 'query')
          .map((parameter: any) => [parameter.name, parameter]),
      );
      expect(Object.keys(query).sort(), name).toEqual(['after', 'before', 'limit']);
      expect(query.limit.schema, name).toMatchObject({ type: 'integer', minimum: 1, maximum: max });
      expect(query.before.schema.pattern, name).toBe('^[A-Za-z0-9_-]{1,200}$');
      const answer = operation.responses['200'].content['application/json'].schema;
      expect(answer.required, name).toEqual(['data', '_links']);
      expect(answer.properties._links.properties.next.required, name).toEqual(['href']);
    }
  });

  it('describes only the public API: no webhook and no sandbox path', () => {
    const paths = Object.keys(document.paths as object);
    expect(paths.filter((path) => path.startsWith('/api/hooks') || path.startsWith('/sandbox'))).toEqual([]);
    expect(new Set(paths)).toEqual(new Set(ENDPOINT_ENTRIES.map(([, entry]) => openApiPath(entry))));
    expect(ENDPOINT_ENTRIES.every(([, entry]) => mountedPath(entry).startsWith('/api/'))).toBe(true);
  });
});

describe('the description and its reference page, served', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { apiDocs: true });
  });
  afterAll(() => t.close());

  it('answers GET /api/openapi.json with the document, cacheable, and 304 to its ETag', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(document);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.call('GET', '/api/openapi.json', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it("serves the reference page with its own policy and Redoc's script from our origin", async () => {
    const page = await t.call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(API_DOCS_POLICY);
    expect(page.body).toContain('<redoc spec-url="/api/openapi.json">');
    const src = /<script src="([^"]+)">/.exec(page.body)?.[1];
    expect(src).toBe('/api/docs/redoc.standalone.js');
    const script = await t.call('GET', src ?? '');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('cache-control')).toBe('public, max-age=300');
    expect(String(script.body).length).toBeGreaterThan(100_000);
    // every other answer keeps its strict policy: the description, JSON, loads nothing
    const other = await t.call('GET', '/api/openapi.json');
    expect(other.headers.get('content-security-policy')).toBe(NOT_A_DOCUMENT_POLICY);
  });

  it('is off in production unless API_DOCS=true, and then answers 404 like any unknown path', async () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ SARRAF_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ SARRAF_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'on' })).toThrow(/API_DOCS must be true or false/);
    const off = await createTestApp('pglite', { apiDocs: false });
    try {
      for (const path of ['/api/openapi.json', '/api/docs']) {
        const res = await off.call('GET', path);
        expect(res.status).toBe(404);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    } finally {
      await off.close();
    }
  });
});
