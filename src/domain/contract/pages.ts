import { queryInteger } from './from-string.ts';
import { array, type Infer, integer, object, optional, refine, type Struct, string } from './structs.ts';

/**
 * A list that grows with time, a page at a time, newest first: transfers,
 * notifications, conversions, promo codes. A page's `_links.next.href` asks
 * for the page after it (absent on the last); its cursor is opaque (it names
 * the last row; the order is `(created_at, id)`, a promo code's code standing
 * for its id, so rows added meanwhile never repeat or push a row off a page).
 * `before` asks for rows older than a cursor, `after` for rows newer than it
 * (newest first too), never both; `limit` how many, up to the list's maximum.
 * The server reads every one with `db/paged-rows.ts`, the client with
 * `lib/api/use-older-pages.ts`.
 */

/** How many rows a page holds when the query gives no `limit`: the first page of each list is what it showed before it was paged. */
export const DEFAULT_PAGE_SIZE = 50;

const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/** A cursor as a page's link carries it: `before` reads the rows older than the row it names, `after` the newer ones. */
const pageCursor = (field: 'before' | 'after') =>
  refine(string(), 'cursor', (value) => CURSOR.test(value) || 'The cursor is invalid', {
    pattern: CURSOR.source,
    description: `Opaque, as a page's _links.next carries it: the rows ${field === 'before' ? 'older' : 'newer'} than the row it names, newest first. Not with ${field === 'before' ? 'after' : 'before'}.`,
  });

/** The query of a paged list whose pages hold at most `max` rows. */
export const pageQuery = (max: number) =>
  object({
    limit: optional(
      queryInteger(
        refine(integer(), 'limit', (value) => (value >= 1 && value <= max) || `The limit must be 1 to ${max}`, {
          minimum: 1,
          maximum: max,
          description: `How many rows a page holds; ${DEFAULT_PAGE_SIZE} when not given.`,
        }),
      ),
    ),
    before: optional(pageCursor('before')),
    after: optional(pageCursor('after')),
  });

/** A paged list's query, whatever its maximum. */
export type PageQuery = Infer<ReturnType<typeof pageQuery>>;

/** Where the next page is; absent on the last. */
export const PageLinks = object({ next: optional(object({ href: string() })) });
export type PageLinks = Infer<typeof PageLinks>;

/** The whole body of a paged list's answer: the rows in `data`, as every answer, and the links beside it. */
export const page = <T, S>(row: Struct<T, S>) => object({ data: array(row), _links: PageLinks });
