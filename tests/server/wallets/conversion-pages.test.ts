import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { cursorIn, expectCursorChecks, walkPages } from '../../support/paged-lists.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API, execute, fund, type Holder, holder, openWallet, quotedConversion } from './wallet-fixtures.ts';

const LIST = `${API}/api/v1/conversions`;

describe.each(DATABASE_KINDS)('the conversion history, a page at a time, on %s', (kind) => {
  let t: TestApp;
  let h: Holder;
  /** the conversion made through the API, which the others copy */
  let made: string;
  /** the holder's 120 conversions, newest first by (created_at, id) */
  let all: string[];

  /**
   * `count` more conversions like the one made (through the API, 120 would take most of a minute), `tag` in their
   * ids. Older ones: every third shares its `created_at` with two others, so the order leans on the id as well; or
   * all `newerBySeconds` after it, as conversions made while the pages are read.
   */
  const copies = (count: number, tag: string, newerBySeconds?: number) => {
    const key = (column: string) => sql.raw(`${column} || '_${tag}_' || lpad(n::text, 4, '0')`);
    return sql`insert into conversions
      select (jsonb_populate_record(null::conversions, to_jsonb(c) || jsonb_build_object(
        'id', ${key('c.id')},
        'idempotency_key', ${key('c.idempotency_key')},
        'created_at', ${
          newerBySeconds === undefined
            ? sql`c.created_at - make_interval(secs => n / 3 + 1)`
            : sql`c.created_at + make_interval(secs => ${newerBySeconds})`
        }
      ))).*
      from conversions c, generate_series(1, ${count}) n
      where c.id = ${made}`.execute(t.deps.db);
  };

  const order = async (customerId: string) =>
    (
      await t.deps.db
        .selectFrom('conversions')
        .select('id')
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);
  const follow = (first: string, between?: () => Promise<void>) =>
    walkPages(t, first, h.token, (conversion) => conversion.id, between);

  beforeAll(async () => {
    t = await createTestApp(kind);
    h = await holder(t);
    await fund(t, h.id, 'GBP', 100_00n);
    expect((await openWallet(t, h, 'EUR')).status).toBeLessThan(300);
    const res = await execute(t, h, await quotedConversion(t, h, 'GBP', 'EUR', '10.00'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made = res.body.data.id;
    await copies(119, 'A');
    all = await order(h.id);
    expect(all).toHaveLength(120);
  });
  afterAll(() => t.close());

  it('answers the newest 50 in data, as the history kept before paging, then every one once, in order', async () => {
    const first = await t.call('GET', LIST, { token: h.token });
    expect(first.status).toBe(200);
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual(all.slice(0, 50));
    expect(first.body._links.next.href).toMatch(/^\/api\/main\/api\/v1\/conversions\?before=[\w-]+&limit=50$/);
    const pages = await follow(`${LIST}?limit=45`);
    expect(pages.map((page) => page.length)).toEqual([45, 45, 30]);
    expect(pages.flat()).toEqual(all);
  });

  it('keeps its order while conversions are made between pages: none repeated, none skipped', async () => {
    const cursorOfNewest = cursorIn(
      (await t.call('GET', `${LIST}?limit=1`, { token: h.token })).body._links.next.href,
      'before',
    );
    // each page's reading races the insert started after the one before
    const inserts: Promise<unknown>[] = [];
    const pages = await follow(`${LIST}?limit=20`, async () => {
      inserts.push(copies(2, `B${inserts.length + 1}`, inserts.length + 1));
    });
    await Promise.all(inserts);
    const seen = pages.flat();
    expect(seen.filter((id) => all.includes(id))).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    const since = (await order(h.id)).filter((id) => !all.includes(id));
    expect(since).toHaveLength(inserts.length * 2);
    const newer = await follow(`${LIST}?after=${cursorOfNewest}&limit=5`);
    expect(newer.flat().sort()).toEqual([...since].sort());
    expect(newer[0]).toEqual(since.slice(-5));
  });

  it("refuses a limit over the 50 kept, a bad cursor, and another customer's cursor, in SPEC §8's shape", async () => {
    const stranger = await holder(t);
    const mine = (await t.call('GET', `${LIST}?limit=3`, { token: h.token })).body._links.next.href as string;
    await expectCursorChecks(t, LIST, { token: stranger.token, max: 50, theirs: mine });
    const theirs = await t.call('GET', LIST, { token: stranger.token });
    expect(theirs.body).toEqual({ data: [], _links: {} });
  });
});
