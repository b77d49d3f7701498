import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/connection.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { cursorIn, expectCursorChecks, walkPages } from '../../support/paged-lists.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API, awaitingTransfer, type Sender, sender } from './transfer-fixtures.ts';

const LIST = `${API}/remit/transaction/list`;

/**
 * `count` more transfers like the customer's `id` (each with its own quote), in the database at once: through the
 * API, 250 would take most of a minute. Older ones: every third shares its `created_at` with two others, so the
 * order leans on the id as well; or all `newerBySeconds` after it. `tag` keeps the copies of separate calls apart.
 */
async function copies(db: Db, id: string, count: number, tag: string, newerBySeconds?: number): Promise<void> {
  const key = (column: string) => sql.raw(`${column} || '_${tag}_' || n`);
  await sql`insert into quotes
    select (jsonb_populate_record(null::quotes, to_jsonb(q) || jsonb_build_object('id', ${key('q.id')}))).*
    from quotes q, generate_series(1, ${count}) n
    where q.id = (select quote_id from transfers where id = ${id})`.execute(db);
  await sql`insert into transfers
    select (jsonb_populate_record(null::transfers, to_jsonb(t) || jsonb_build_object(
      'id', ${key('t.id')},
      'quote_id', ${key('t.quote_id')},
      'idempotency_key', ${key('t.idempotency_key')},
      'trans_ref', ${`SR${tag}`} || lpad(n::text, 7, '0'),
      'created_at', ${
        newerBySeconds === undefined
          ? sql`t.created_at - make_interval(secs => n / 3 + 1)`
          : sql`t.created_at + make_interval(secs => ${newerBySeconds})`
      }
    ))).*
    from transfers t, generate_series(1, ${count}) n
    where t.id = ${id}`.execute(db);
}

describe.each(DATABASE_KINDS)('the transfers list, a page at a time, on %s', (kind) => {
  let t: TestApp;
  let s: Sender;
  /** the customer's 250 transfers, newest first by (created_at, id) */
  let all: string[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const { id } = await t.deps.db
      .selectFrom('transfers')
      .select('id')
      .where('trans_ref', '=', ref)
      .executeTakeFirstOrThrow();
    await copies(t.deps.db, id, 249, 'A');
    all = await order(s.id);
    expect(all).toHaveLength(250);
  });
  afterAll(() => t.close());

  const order = async (customerId: string) =>
    (
      await t.deps.db
        .selectFrom('transfers')
        .select('trans_ref')
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.trans_ref);
  const get = (path: string) => t.call('GET', path, { token: s.token });
  const follow = (first: string, between?: () => Promise<void>) =>
    walkPages(t, first, s.token, (transfer) => transfer.trans_ref, between);

  it('answers the newest 50 with a link to the next page, and every transfer once, in order, through the links', async () => {
    const first = await get(LIST);
    expect(first.body.data).toHaveLength(50);
    expect(first.body._links.next.href).toMatch(/^\/api\/main\/remit\/transaction\/list\?before=[\w-]+&limit=50$/);
    const pages = await follow(`${LIST}?limit=100`);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50]);
    expect(pages.flat()).toEqual(all);
  });

  it('keeps its order while transfers are added between pages: none repeated, none skipped', async () => {
    const newest = await t.deps.db
      .selectFrom('transfers')
      .select('id')
      .where('trans_ref', '=', all[0] as string)
      .executeTakeFirstOrThrow();
    const cursorOfNewest = cursorIn((await get(`${LIST}?limit=1`)).body._links.next.href, 'before');
    // each page's reading races the insert started after the one before
    const inserts: Promise<void>[] = [];
    const pages = await follow(`${LIST}?limit=30`, async () => {
      inserts.push(copies(t.deps.db, newest.id, 3, `B${inserts.length + 1}`, inserts.length + 1));
    });
    await Promise.all(inserts);
    const added = inserts.length;
    const seen = pages.flat();
    expect(seen.filter((ref) => all.includes(ref))).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    // what was added meanwhile is newer than every page read: `after` the old newest gives exactly it, newest first
    const since = (await order(s.id)).filter((ref) => !all.includes(ref));
    expect(since).toHaveLength(added * 3);
    const newer = await follow(`${LIST}?after=${cursorOfNewest}&limit=7`);
    expect(newer.flat().sort()).toEqual([...since].sort());
    expect(newer[0]).toEqual(since.slice(-7));
  });

  it('refuses a limit over 100, a cursor that is not one or names no transfer of the caller, and both cursors', async () => {
    const other = await sender(t);
    const mine = (await get(`${LIST}?limit=1`)).body._links.next.href as string;
    await expectCursorChecks(t, LIST, { token: other.token, max: 100, theirs: mine });
  });
});
