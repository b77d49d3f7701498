import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { DEFAULT_PAGE_SIZE, type PageLinks, type PageQuery } from '../../domain/contract/pages.ts';
import { ApiError } from '../http/api-error.ts';
import { idOfCursor, nextLink, pageDirection } from '../http/page-cursor.ts';

/** Which list a page is of. */
export interface PagedList<DB, TB extends keyof DB & string, O> {
  /** the table its rows are read from: each row has `created_at` and a unique `key` */
  table: TB;
  /** the column that tells rows apart after `created_at` (and that a cursor names) */
  key: keyof O & string;
  /** what a row is, in the 400 of a cursor naming none of the caller's ("transfer") */
  noun: string;
  /** where the list answers (its mounted path), for `_links.next` */
  path: string;
  /**
   * The rows a cursor may name, when not exactly the listed ones: a promo code
   * that ran out between two pages still says where the next page starts.
   * Scoped to the caller as the listed rows are.
   */
  anchors?: SelectQueryBuilder<DB, TB, O>;
}

/**
 * One page of a list that grows with time (domain/contract/pages.ts), newest
 * first by `(created_at, key)`: `rows` is the caller's whole list (already
 * scoped to them and filtered), `view` what each row shows as. Older than the
 * `before` cursor's row, or newer than the `after` one's; a cursor naming no
 * row of the caller's is a 400 on its field. The cursor's row is compared by
 * its own values in the database, so no timestamp goes through a JavaScript
 * Date, and rows added between pages never repeat or push one off a page.
 */
export async function readPage<DB, TB extends keyof DB & string, O, V>(
  rows: SelectQueryBuilder<DB, TB, O>,
  list: PagedList<DB, TB, O>,
  query: PageQuery,
  view: (row: O) => V,
): Promise<{ data: V[]; _links: PageLinks }> {
  const { field, cursor, newer } = pageDirection(query);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const column = (name: string) => sql.ref(`${list.table}.${name}`);
  let page = rows;
  if (cursor !== undefined) {
    const anchorKey = idOfCursor(cursor, field);
    const anchor = await (list.anchors ?? rows)
      .where(sql<SqlBool>`${column(list.key)} = ${anchorKey}`)
      .limit(1)
      .executeTakeFirst();
    if (!anchor) throw new ApiError('ValidationFailed', `The ${field} cursor names no ${list.noun} of yours`, field);
    const anchorValues = sql`(select a.created_at, ${sql.ref(`a.${list.key}`)} from ${sql.table(list.table)} a
      where ${sql.ref(`a.${list.key}`)} = ${anchorKey})`;
    page = page.where(
      sql<SqlBool>`(${column('created_at')}, ${column(list.key)}) ${sql.raw(newer ? '>' : '<')} ${anchorValues}`,
    );
  }
  const order = newer ? 'asc' : 'desc';
  const found = await page
    .orderBy(column('created_at'), order)
    .orderBy(column(list.key), order)
    .limit(limit + 1)
    .execute();
  const shown = found.slice(0, limit);
  return {
    data: (newer ? shown.reverse() : shown).map(view),
    _links: nextLink(
      list.path,
      field,
      limit,
      found.map((row) => String(row[list.key])),
    ),
  };
}
