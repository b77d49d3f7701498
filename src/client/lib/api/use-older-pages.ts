import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type PageLinks } from '../../../domain/contract/pages.ts';

/** A page of a paged list as its call answers it (domain/contract/pages.ts). */
export interface ListPage<T> {
  data: readonly T[];
  _links: PageLinks;
}

/** What asks a paged list for the page a link names: a module-level function, so it stays the same between renders. */
export type PageFetcher<T> = (query: { before: string; limit: number }) => Promise<ListPage<T>>;

/** Whether older rows can be asked for, and how the latest asking went. */
export type OlderState = 'ready' | 'loading' | 'failed';

/** The pages older than the first, as the customer asked for them. */
interface OlderPages<T> {
  /** the first page as it was when the first older page was asked for: a refresh may push its last rows out */
  kept: readonly T[];
  rows: readonly T[];
  /** the link to the page after the last one shown; undefined when that was the last */
  next: string | undefined;
  state: OlderState;
}

/** The query a page link asks with. */
function linkQuery(href: string): { before: string; limit: number } {
  const params = new URL(href, location.origin).searchParams;
  return { before: params.get('before') ?? '', limit: Number(params.get('limit') ?? DEFAULT_PAGE_SIZE) };
}

/** Each row once, in the order first seen: the fresh first page, then what it showed before, then older pages. */
function merged<T>(keyOf: (row: T) => string, ...lists: (readonly T[])[]): T[] {
  const seen = new Set<string>();
  return lists.flat().filter((row) => !seen.has(keyOf(row)) && seen.add(keyOf(row)));
}

/**
 * A paged list on screen: its first page as the screen loads it (`first`,
 * undefined until then), and the older pages the customer asks for with
 * `showOlder`, each from the link the page before ended on. `rows` is every
 * row shown, newest first, each once (keyed by `keyOf`). Only the first page
 * is asked for without a cursor, so it is the one the service worker (or the
 * screen's own store) keeps for offline use.
 */
export function useOlderPages<T>(
  first: ListPage<T> | undefined,
  fetchPage: PageFetcher<T>,
  keyOf: (row: T) => string,
): { rows: T[] | undefined; hasOlder: boolean; olderState: OlderState; showOlder: () => Promise<void> } {
  const [older, setOlder] = useState<OlderPages<T>>();
  const next = older ? older.next : first?._links.next?.href;

  const showOlder = useCallback(async () => {
    if (!first || next === undefined) return;
    const kept = older?.kept ?? first.data;
    const rows = older?.rows ?? [];
    setOlder({ kept, rows, next, state: 'loading' });
    try {
      const page = await fetchPage(linkQuery(next));
      setOlder({ kept, rows: [...rows, ...page.data], next: page._links.next?.href, state: 'ready' });
    } catch {
      setOlder({ kept, rows, next, state: 'failed' });
    }
  }, [first, next, older, fetchPage]);

  return {
    rows: first ? merged(keyOf, first.data, older?.kept ?? [], older?.rows ?? []) : undefined,
    hasOlder: next !== undefined,
    olderState: older?.state ?? 'ready',
    showOlder,
  };
}
