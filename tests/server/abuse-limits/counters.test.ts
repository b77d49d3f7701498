import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCounter, giveBack, takeHits } from '../../../src/server/abuse-limits/counters.ts';
import type { AbuseLimit } from '../../../src/server/abuse-limits/limits.ts';
import { ApiError } from '../../../src/server/http/api-error.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const SECOND = 1000;

let n = 0;
/** A limit of its own for each test, so their counters never meet. */
const testLimit = (max: number, windowSeconds = 60): AbuseLimit => ({
  name: `test-limit-${++n}`,
  key: 'test key',
  max,
  windowSeconds,
  refusal: { type: 'RateLimited', message: 'Slow down', propertyPath: null },
});

describe.each(DATABASE_KINDS)('abuse limit counters on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const take = (limit: AbuseLimit, key = 'someone@example.test') => takeHits(t.deps.db, t.clock.now(), [[limit, key]]);
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it('lets `max` hits through per key and window, then refuses with the seconds until the window ends', async () => {
    const limit = testLimit(3, 60);
    for (let i = 1; i <= 3; i++) expect((await take(limit))[0]?.hits).toBe(i);
    t.clock.advance(20 * SECOND);
    const refused = await refusal(take(limit));
    expect(refused).toMatchObject({ type: 'RateLimited', status: 429, retryAfterSeconds: 40 });
    expect((await take(limit, 'someone-else@example.test'))[0]?.hits).toBe(1);
    t.clock.advance(40 * SECOND);
    expect((await take(limit))[0]?.hits).toBe(1);
  });

  it('gives back every hit of a refused call, and hits handed back or cleared', async () => {
    const first = testLimit(5);
    const second = testLimit(1);
    await take(second, 'shared');
    await refusal(
      takeHits(t.deps.db, t.clock.now(), [
        [first, 'a'],
        [second, 'shared'],
      ]),
    );
    const [hit] = await take(first, 'a');
    expect(hit?.hits).toBe(1);
    if (!hit) throw new Error('no hit');
    await giveBack(t.deps.db, [hit]);
    expect((await take(first, 'a'))[0]?.hits).toBe(1);
    await clearCounter(t.deps.db, hit);
    expect((await take(first, 'a'))[0]?.hits).toBe(1);
  });

  it('keeps keys only as hashes, and prunes counters whose window has ended', async () => {
    const limit = testLimit(10, 30);
    await take(limit, 'private@example.test');
    const rows = await t.deps.db
      .selectFrom('abuse_limit_counters')
      .selectAll()
      .where('limit_name', '=', limit.name)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('private@example.test');
    t.clock.advance(30 * SECOND);
    await take(testLimit(10), 'anyone');
    const left = await t.deps.db
      .selectFrom('abuse_limit_counters')
      .select('limit_name')
      .where('limit_name', '=', limit.name)
      .execute();
    expect(left).toEqual([]);
  });

  it('lets exactly `max` of many simultaneous hits through', async () => {
    const limit = testLimit(20);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => take(limit, 'burst')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.every((r) => r.reason instanceof ApiError && r.reason.status === 429)).toBe(true);
    await refusal(take(limit, 'burst'));
  });
});
