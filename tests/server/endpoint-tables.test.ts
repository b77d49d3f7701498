import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, fillPath, mountedPath, pathParams } from '../../src/domain/contract/endpoint.ts';
import { API_AREAS } from '../../src/domain/contract/endpoints.ts';
import { isLastKnownRequest } from '../../src/domain/contract/last-known.ts';
import { AREAS } from '../../src/server/modules/areas.ts';
import { signedInCustomer } from '../support/customers.ts';
import { ENDPOINT_ENTRIES } from '../support/endpoint-entries.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A request path for an entry, with a placeholder for each parameter. */
const samplePath = (entry: Endpoint) =>
  fillPath(mountedPath(entry), Object.fromEntries(pathParams(entry.path).map((p) => [p, 'x1'])));

describe('the endpoint tables', () => {
  it('each area has one handler map on the server, with a handler for every entry', () => {
    expect(Object.keys(AREAS).sort()).toEqual(Object.keys(API_AREAS).sort());
    for (const [area, table] of Object.entries(API_AREAS)) {
      const served = AREAS[area as keyof typeof AREAS];
      expect(served.table, area).toBe(table);
      for (const name of Object.keys(table)) expect(typeof served.handlers[name], `${area}.${name}`).toBe('function');
    }
  });

  it('no two entries share a method and path', () => {
    const keys = ENDPOINT_ENTRIES.map(([, e]) => `${e.method} ${mountedPath(e).replace(/:[^/]+/g, ':')}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('the service worker keeps exactly the last-known entries, and those are reads', () => {
    // the POST reads: SPEC names user/get and remit/card/list POSTs
    const postReads = ['user.getUserData', 'wallets.listCards'];
    for (const [name, entry] of ENDPOINT_ENTRIES) {
      const kept = entry.offline === 'last-known';
      if (kept) expect(entry.method, name).toBe(postReads.includes(name) ? 'POST' : 'GET');
      expect(isLastKnownRequest(entry.method, samplePath(entry)), name).toBe(kept);
    }
  });
});

describe('the mounted tables', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await signedInCustomer(t, 'cus_tables', 'GB');
  });
  afterAll(() => t.close());

  it.each(ENDPOINT_ENTRIES.filter(([, e]) => e.auth !== 'none'))(
    '%s refuses a caller without credentials (401)',
    async (_, entry) => {
      const { status, body } = await t.call(entry.method, samplePath(entry), { body: entry.body ? {} : undefined });
      expect(status).toBe(401);
      expect(body.errors[0].type).toBe('urn:sarraf:error:Unauthorized');
    },
  );

  it.each(ENDPOINT_ENTRIES.filter(([, e]) => e.idempotent))(
    '%s refuses a missing Idempotency-Key (400, nothing done)',
    async (_, entry) => {
      const { status, body } = await t.call(entry.method, samplePath(entry), { token, body: {} });
      expect(status).toBe(400);
      expect(body.errors[0]).toMatchObject({
        type: 'urn:sarraf:error:ValidationFailed',
        property_path: 'Idempotency-Key',
      });
    },
  );
});
