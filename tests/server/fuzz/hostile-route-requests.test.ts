import fc from 'fast-check';
import { validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedPath } from '../../../src/domain/contract/endpoint.ts';
import { ERROR_CATALOGUE } from '../../../src/domain/errors.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { ENDPOINT_ENTRIES } from '../../support/endpoint-entries.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { ErrorEnvelope, type HostileRouteRequest, hostileRouteRequests } from './hostile-request-arbitraries.ts';

/**
 * Every route the app mounts beside the endpoint tables (hostile-requests.test.ts
 * fuzzes those): the sandbox providers' pages and endpoints under /sandbox
 * (mounted in tests, as with SANDBOX=true), provider callbacks, health and the
 * API description. The answer to hostile input is never a 5xx; a refusal is a
 * 4xx in SPEC §8's envelope, or, for a page a person opens (a GET), that
 * provider's own page saying so. FUZZ_RUNS and FUZZ_SEED as there.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The app's routes that no endpoint table entry describes, each once, as `[method, path]`. */
function routesBesideTheTables(t: TestApp): [string, string][] {
  const described = new Set(ENDPOINT_ENTRIES.map(([, entry]) => `${entry.method} ${mountedPath(entry)}`));
  const seen = new Set<string>();
  const routes: [string, string][] = [];
  for (const { method, path } of t.app.routes) {
    const key = `${method} ${path}`;
    if (!METHODS.has(method) || path.includes('*') || described.has(key) || seen.has(key)) continue;
    seen.add(key);
    routes.push([method, path]);
  }
  return routes;
}

describe.each(DATABASE_KINDS)('hostile requests to routes beside the endpoint tables on %s', (kind) => {
  let t: TestApp;
  let routes: [string, string][];
  beforeAll(async () => {
    t = await createTestApp(kind);
    routes = routesBesideTheTables(t);
  });
  afterAll(() => t.close());

  async function send(method: string, request: HostileRouteRequest): Promise<void> {
    const res = await t.app.request(request.path, { method, headers: request.headers, body: request.body });
    const text = await res.text();
    const said = `${res.status} ${text.slice(0, 300)}`;
    expect(res.status, said).toBeLessThan(500);
    expect(res.headers.get('x-request-id'), said).toBeTruthy();
    if (res.status < 400) return;
    const type = res.headers.get('content-type') ?? '';
    if (method === 'GET' && type.startsWith('text/html')) return;
    expect(type, said).toMatch(/^application\/json/);
    const [broken, envelope] = validate(JSON.parse(text), ErrorEnvelope);
    expect(broken, said).toBeUndefined();
    for (const error of envelope?.errors ?? []) {
      const name = error.type.slice('urn:sarraf:error:'.length) as keyof typeof ERROR_CATALOGUE;
      expect(ERROR_CATALOGUE[name], said).toBe(res.status);
    }
  }

  it('covers the sandbox providers’ pages and endpoints when /sandbox is mounted', () => {
    expect(t.deps.config.sandbox).toBe(true);
    const paths = routes.map(([method, path]) => `${method} ${path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /sandbox/gateway/3ds/:paymentId',
        'POST /sandbox/gateway/3ds/:paymentId/complete',
        'GET /sandbox/bank-link/:paymentId/',
        'POST /sandbox/identity/:reference/captures',
      ]),
    );
    expect(paths.filter((path) => path.includes(' /sandbox/')).length).toBeGreaterThan(20);
  });

  it(
    'answers every one with no 5xx, and refuses in the envelope (or a provider’s page for a person)',
    async () => {
      // every route is tried, so one run names all that fail
      const failed: string[] = [];
      for (const [method, path] of routes) {
        try {
          await fc.assert(
            fc.asyncProperty(hostileRouteRequests(method, path), (request) => send(method, request)),
            { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
          );
        } catch (error) {
          failed.push(`${method} ${path}: ${(error as Error).message}`);
        }
      }
      expect(failed).toEqual([]);
    },
    120_000 + RUNS * 8_000,
  );
});
