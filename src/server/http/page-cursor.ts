import { ApiError } from './api-error.ts';

/**
 * A paged list's cursor (domain/contract/pages.ts): the key of the row a page
 * ended on (its id; a promo code's code), base64url, so callers keep it whole
 * and never build one. The list orders by `(created_at, key)` and compares
 * against that row's own values (db/paged-rows.ts).
 */

export const cursorOf = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

/** The row id a cursor names; a cursor that names none is the caller's mistake (400 on its field). */
export function idOfCursor(cursor: string, field: 'before' | 'after'): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[\w-]{1,128}$/.test(id) || cursorOf(id) !== cursor) {
    throw new ApiError('ValidationFailed', `The ${field} cursor is invalid`, field);
  }
  return id;
}

/** Which way a page reads, from its query; both cursors at once is refused. */
export function pageDirection(query: { before?: string | undefined; after?: string | undefined }) {
  if (query.before !== undefined && query.after !== undefined) {
    throw new ApiError('ValidationFailed', 'Give before or after, not both', 'after');
  }
  if (query.after !== undefined) return { field: 'after' as const, cursor: query.after, newer: true };
  if (query.before !== undefined) return { field: 'before' as const, cursor: query.before, newer: false };
  return { field: 'before' as const, cursor: undefined, newer: false };
}

/** The link to the page after the rows whose keys are `keys` (fetched one over `limit`), if there is one. */
export function nextLink(
  path: string,
  field: 'before' | 'after',
  limit: number,
  keys: readonly string[],
): { next?: { href: string } } {
  const last = keys[limit - 1];
  if (keys.length <= limit || last === undefined) return {};
  return { next: { href: `${path}?${new URLSearchParams({ [field]: cursorOf(last), limit: String(limit) })}` } };
}
