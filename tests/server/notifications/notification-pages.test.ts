import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { cursorIn, expectCursorChecks, walkPages } from '../../support/paged-lists.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const LIST = '/api/main/user/messages';

describe.each(DATABASE_KINDS)('the notifications, a page at a time, on %s', (kind) => {
  let t: TestApp;
  let amina: string;
  let omar: string;
  /** Amina's 130 notifications, newest first by (created_at, id) */
  let all: string[];

  /**
   * `count` notifications of the customer's, as the outbox writes them, `tag` in their ids. Older than the clock:
   * every third shares its `created_at` with two others, so the order leans on the id as well; or all
   * `newerBySeconds` after it, as notifications written while the pages are read.
   */
  const insert = (customerId: string, count: number, tag: string, newerBySeconds?: number) =>
    sql`insert into notifications (id, customer_id, category, title_key, params, created_at, viewed_at)
      select ${`ntf_${tag}_`} || lpad(n::text, 4, '0'), ${customerId}, 'wallet', 'wallet.topped_up',
        jsonb_build_object('amount', n::text, 'currency', 'GBP'),
        ${
          newerBySeconds === undefined
            ? sql`${t.clock.now()}::timestamptz - make_interval(secs => n / 3 + 1)`
            : sql`${t.clock.now()}::timestamptz + make_interval(secs => ${newerBySeconds})`
        }, null
      from generate_series(1, ${count}) n`.execute(t.deps.db);

  const order = async (customerId: string) =>
    (
      await t.deps.db
        .selectFrom('notifications')
        .select('id')
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);
  const follow = (first: string, between?: () => Promise<void>) =>
    walkPages(t, first, amina, (notification) => notification.id, between);

  beforeAll(async () => {
    t = await createTestApp(kind);
    amina = await signedInCustomer(t, 'cus_amina', 'GB');
    omar = await signedInCustomer(t, 'cus_omar', 'GB');
    await insert('cus_amina', 130, 'A');
    await insert('cus_omar', 3, 'O');
    all = await order('cus_amina');
    expect(all).toHaveLength(130);
  });
  afterAll(() => t.close());

  it('answers the newest 50 in data, as before paging, with a link to the next page; every one once, in order', async () => {
    const first = await t.call('GET', LIST, { token: amina });
    expect(first.status).toBe(200);
    expect(first.body.data.map((n: { id: string }) => n.id)).toEqual(all.slice(0, 50));
    expect(first.body._links.next.href).toMatch(/^\/api\/main\/user\/messages\?before=[\w-]+&limit=50$/);
    const pages = await follow(`${LIST}?limit=40`);
    expect(pages.map((page) => page.length)).toEqual([40, 40, 40, 10]);
    expect(pages.flat()).toEqual(all);
  });

  it('keeps its order while notifications arrive between pages: none repeated, none skipped', async () => {
    const cursorOfNewest = cursorIn(
      (await t.call('GET', `${LIST}?limit=1`, { token: amina })).body._links.next.href,
      'before',
    );
    // each page's reading races the insert started after the one before
    const inserts: Promise<unknown>[] = [];
    const pages = await follow(`${LIST}?limit=25`, async () => {
      inserts.push(insert('cus_amina', 4, `B${inserts.length + 1}`, inserts.length + 1));
    });
    await Promise.all(inserts);
    const seen = pages.flat();
    expect(seen.filter((id) => all.includes(id))).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    // what arrived meanwhile is newer than every page read: `after` the old newest gives exactly it
    const since = (await order('cus_amina')).filter((id) => !all.includes(id));
    expect(since).toHaveLength(inserts.length * 4);
    const newer = await follow(`${LIST}?after=${cursorOfNewest}&limit=9`);
    expect(newer.flat().sort()).toEqual([...since].sort());
    expect(newer[0]).toEqual(since.slice(-9));
  });

  it("refuses a bad limit or cursor, and another customer's cursor, in SPEC §8's shape", async () => {
    const aminas = (await t.call('GET', `${LIST}?limit=2`, { token: amina })).body._links.next.href as string;
    await expectCursorChecks(t, LIST, { token: omar, max: 100, theirs: aminas });
    // Omar's own pages are his three; the first two share their time, so the id orders them
    expect(await walkPages(t, `${LIST}?limit=2`, omar, (n) => n.id)).toEqual([
      ['ntf_O_0002', 'ntf_O_0001'],
      ['ntf_O_0003'],
    ]);
  });
});
