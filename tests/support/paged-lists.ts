import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * Reading a paged list (src/domain/contract/pages.ts) the way a partner
 * would: the first page, then each `_links.next`, and the checks every paged
 * list's query gets.
 */

/** A cursor a page link carries. */
export const cursorIn = (href: string, field: 'before' | 'after') =>
  new URL(href, 'http://localhost').searchParams.get(field) ?? '';

/**
 * Every page from `first` as `token` reads them, following `_links.next`:
 * each page's rows by `keyOf`. `between` runs after each page, before the next.
 */
export async function walkPages(
  t: TestApp,
  first: string,
  token: string,
  keyOf: (row: any) => string,
  between: () => Promise<void> = async () => {},
): Promise<string[][]> {
  const pages: string[][] = [];
  let next: string | undefined = first;
  while (next) {
    const res = await t.call('GET', next, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.data.map(keyOf));
    next = res.body._links.next?.href;
    await between();
  }
  return pages;
}

/**
 * What every paged list refuses with SPEC §8's 400 ValidationFailed: a limit out
 * of 1 to `max`, a cursor that is not one (malformed, or naming no row), both
 * cursors at once; and a cursor from `theirs` (a page link another caller was
 * given) on `field`.
 */
export async function expectCursorChecks(
  t: TestApp,
  path: string,
  { token, max, theirs }: { token: string; max: number; theirs: string },
): Promise<void> {
  for (const query of [`limit=${max + 1}`, 'limit=0', 'before=%21%21', 'before=dHJfbm9uZQ', 'after=x&before=y']) {
    const res = await t.call('GET', `${path}?${query}`, { token });
    expect(res.status, query).toBe(400);
    expect(res.body.errors[0], query).toMatchObject({ type: 'urn:sarraf:error:ValidationFailed' });
    expect(typeof res.body.errors[0].message, query).toBe('string');
  }
  const stranger = await t.call('GET', theirs, { token });
  expect(stranger.status).toBe(400);
  expect(stranger.body.errors[0]).toMatchObject({
    type: 'urn:sarraf:error:ValidationFailed',
    property_path: cursorIn(theirs, 'after') ? 'after' : 'before',
  });
  expect(stranger.body.data).toBeUndefined();
}
