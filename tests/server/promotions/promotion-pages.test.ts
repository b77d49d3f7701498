import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { cursorIn, expectCursorChecks, walkPages } from '../../support/paged-lists.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const LIST = '/api/main/remit/options/promotions';
const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('the promo codes, a page at a time, on %s', (kind) => {
  let t: TestApp;
  /** a customer in the United Kingdom (GBP) and one in Sweden (SEK) */
  let amina: string;
  let sven: string;

  /**
   * `count` codes `P<tag><n>`: a percentage off, or a fixed amount in `currency`; made `n / 3 + 1` seconds before the
   * clock (every third shares its time with two others, so the order leans on the code as well), or all
   * `newerBySeconds` after the newest code there is (the launch codes were made when the database was); `validMinutes`
   * from the clock when they run out, if they do; `active` false switches them off.
   */
  const insert = (
    count: number,
    tag: string,
    options: { currency?: string; newerBySeconds?: number; validMinutes?: number; active?: boolean } = {},
  ) =>
    sql`insert into promo_codes (code, kind, percent_off, amount_off, currency, valid_until, active, created_at)
      select ${`P${tag}`} || lpad(n::text, 4, '0'),
        ${options.currency ? 'fixed_fee' : 'percent_fee'}::text,
        ${options.currency ? null : sql`1 + n % 100`}::integer,
        ${options.currency ? 100 : null}::int8,
        ${options.currency ?? null}::char(3),
        ${options.validMinutes === undefined ? null : new Date(t.clock.now().getTime() + options.validMinutes * MINUTE)}::timestamptz,
        ${options.active ?? true}::boolean,
        ${
          options.newerBySeconds === undefined
            ? sql`${t.clock.now()}::timestamptz - make_interval(secs => n / 3 + 1)`
            : sql`(select max(created_at) from promo_codes) + make_interval(secs => ${options.newerBySeconds})`
        }
      from generate_series(1, ${count}) n`.execute(t.deps.db);

  /** Every code the customer in `currency` is offered now, newest first by (created_at, code), as the database says. */
  const offered = async (currency: string) =>
    (
      await t.deps.db
        .selectFrom('promo_codes')
        .select('code')
        .where('active', '=', true)
        .where((eb) => eb.or([eb('currency', 'is', null), eb('currency', '=', currency)]))
        .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', t.clock.now())]))
        .orderBy('created_at', 'desc')
        .orderBy('code', 'desc')
        .execute()
    ).map((row) => row.code);
  const follow = (first: string, token = amina, between?: () => Promise<void>) =>
    walkPages(t, first, token, (promo) => promo.code, between);

  beforeAll(async () => {
    t = await createTestApp(kind);
    amina = await signedInCustomer(t, 'cus_amina', 'GB');
    sven = await signedInCustomer(t, 'cus_sven', 'SE');
    await insert(90, 'A');
    await insert(30, 'G', { currency: 'GBP', validMinutes: 5 });
    await insert(20, 'S', { currency: 'SEK' });
    await insert(10, 'X', { validMinutes: -1 });
    await insert(10, 'Z', { active: false });
  });
  afterAll(() => t.close());

  it('answers the newest 50 codes the customer is offered, then every one once, in order; none of another currency, run out or off', async () => {
    const all = await offered('GBP');
    // the seeded launch codes for any currency or GBP, and the ones made here for them
    expect(all.length).toBeGreaterThanOrEqual(120);
    const first = await t.call('GET', LIST, { token: amina });
    expect(first.status).toBe(200);
    expect(first.body.data.map((p: { code: string }) => p.code)).toEqual(all.slice(0, 50));
    expect(first.body._links.next.href).toMatch(/^\/api\/main\/remit\/options\/promotions\?before=[\w-]+&limit=50$/);
    const pages = await follow(`${LIST}?limit=35`);
    expect(pages.flat()).toEqual(all);
    expect(pages.flat().filter((code) => /^P[SXZ]/.test(code))).toEqual([]);
    expect((await follow(LIST, sven)).flat()).toEqual(await offered('SEK'));
  });

  it('keeps its order while codes are added between pages, and goes on past a code that ran out since its page', async () => {
    const all = await offered('GBP');
    const cursorOfNewest = cursorIn(
      (await t.call('GET', `${LIST}?limit=1`, { token: amina })).body._links.next.href,
      'before',
    );
    // the first page ends on a code that runs out before the next page is read
    const last = all.indexOf('PG0001');
    const firstPage = await t.call('GET', `${LIST}?limit=${last + 1}`, { token: amina });
    expect(firstPage.body.data.at(-1).code).toBe('PG0001');
    t.clock.advance(6 * MINUTE);
    const rest = await follow(firstPage.body._links.next.href);
    expect(rest.flat()).toEqual(all.slice(last + 1).filter((code) => !code.startsWith('PG')));

    // each page's reading races the insert started after the one before
    const inserts: Promise<unknown>[] = [];
    const pages = await follow(`${LIST}?limit=20`, amina, async () => {
      inserts.push(insert(2, `N${inserts.length + 1}`, { newerBySeconds: inserts.length + 1 }));
    });
    await Promise.all(inserts);
    const before = all.filter((code) => !code.startsWith('PG'));
    const seen = pages.flat();
    expect(seen.filter((code) => before.includes(code))).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    const since = (await offered('GBP')).filter((code) => !all.includes(code));
    expect(since).toHaveLength(inserts.length * 2);
    const newer = await follow(`${LIST}?after=${cursorOfNewest}&limit=3`);
    expect(newer.flat().sort()).toEqual([...since].sort());
    expect(newer[0]).toEqual(since.slice(-3));
  });

  it('refuses a bad limit or cursor, and a cursor naming a code another customer is offered but they are not', async () => {
    // Sven's page link, ending on a Swedish-kronor code
    const all = await offered('SEK');
    const sek = all.indexOf('PS0001');
    const svens = (await t.call('GET', `${LIST}?limit=${sek + 1}`, { token: sven })).body._links.next.href as string;
    await expectCursorChecks(t, LIST, { token: amina, max: 100, theirs: svens });
    // nor a code that is switched off
    const off = await t.call('GET', `${LIST}?before=${Buffer.from('PZ0001').toString('base64url')}`, { token: amina });
    expect(off.status).toBe(400);
    expect(off.body.errors[0]).toMatchObject({ type: 'urn:sarraf:error:ValidationFailed', property_path: 'before' });
  });
});
