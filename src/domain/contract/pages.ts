import { queryInteger } from './from-string.ts';
import { array, type Infer, integer, matching, object, optional, refine, type Struct, string } from './structs.ts';

/**
 * A list that grows with time, a page at a time, newest first. A page's
 * `_links.next.href` asks for the page after it (absent on the last); its
 * cursor is opaque (it names the last row; the order is `(created_at, id)`,
 * so rows added meanwhile never repeat or push a row off a page). `before`
 * asks for rows older than a cursor, `after` for rows newer than it (newest
 * first too), never both; `limit` how many, up to the list's maximum.
 */

/** How many rows a page holds when the query gives no `limit`: the first page of each list is what it showed before it was paged. */
export const DEFAULT_PAGE_SIZE = 50;

/** A cursor as a page's link carries it. */
export const PageCursor = matching('cursor', /^[A-Za-z0-9_-]{1,200}$/, 'The cursor is invalid');

/** The query of a paged list whose pages hold at most `max` rows. */
export const pageQuery = (max: number) =>
  object({
    limit: optional(
      queryInteger(
        refine(integer(), 'limit', (value) => (value >= 1 && value <= max) || `The limit must be 1 to ${max}`, {
          minimum: 1,
          maximum: max,
        }),
      ),
    ),
    before: optional(PageCursor),
    after: optional(PageCursor),
  });

/** A paged list's query, whatever its maximum. */
export type PageQuery = Infer<ReturnType<typeof pageQuery>>;

/** Where the next page is; absent on the last. */
export const PageLinks = object({ next: optional(object({ href: string() })) });
export type PageLinks = Infer<typeof PageLinks>;

/** The whole body of a paged list's answer: the rows in `data`, as every answer, and the links beside it. */
export const page = <T, S>(row: Struct<T, S>) => object({ data: array(row), _links: PageLinks });
