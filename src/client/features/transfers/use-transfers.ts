import { useCallback, useState } from 'react';
import { type TransferSummary, transfersApi } from '../../../domain/contract/transfers.ts';
import { isTerminal } from '../../../domain/transfers.ts';
import { call } from '../../lib/api/client.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { usePushReceived } from '../../lib/use-push-received.ts';

/** While a transfer is still moving, the list asks again this often, so its label changes as it happens. */
export const TRANSFERS_REFRESH_MS = 5_000;

/** The pages older than the first, as the customer asked for them. */
interface OlderPages {
  /** the first page as it was when the first older page was asked for: a refresh may push its last rows out */
  kept: readonly TransferSummary[];
  rows: readonly TransferSummary[];
  /** the link to the page after the last one shown; undefined when that was the last */
  next: string | undefined;
  state: 'ready' | 'loading' | 'failed';
}

/** The query a page link asks with. */
function linkQuery(href: string): { before: string; limit: number } {
  const params = new URL(href, location.origin).searchParams;
  return { before: params.get('before') ?? '', limit: Number(params.get('limit') ?? 50) };
}

/** Each transfer once, in the order first seen: the fresh first page, then what it showed before, then older pages. */
function merged(...lists: (readonly TransferSummary[])[]): TransferSummary[] {
  const seen = new Set<string>();
  return lists.flat().filter((transfer) => !seen.has(transfer.trans_ref) && seen.add(transfer.trans_ref));
}

/**
 * The customer's transfers, newest first: the first page fetched on open,
 * every 5 seconds while any on it is not final, and whenever the app comes
 * back into view; older pages when the customer asks (`showOlder`). Without
 * a network the service worker's last-known first page shows, with its age.
 * A push that arrives while Sarraf has focus refreshes it in place.
 */
export function useTransfers() {
  const first = useEndpoint(
    transfersApi.listTransfers,
    {},
    {
      refreshMs: (page) => (page.data.some((t) => !isTerminal(t.status)) ? TRANSFERS_REFRESH_MS : undefined),
      refreshOnFocus: true,
    },
  );
  usePushReceived(first.reload);
  const [older, setOlder] = useState<OlderPages>();
  const firstPage = first.status === 'ready' ? first.data : undefined;
  const next = older ? older.next : firstPage?._links.next?.href;

  const showOlder = useCallback(async () => {
    if (!firstPage || next === undefined) return;
    const kept = older?.kept ?? firstPage.data;
    const rows = older?.rows ?? [];
    setOlder({ kept, rows, next, state: 'loading' });
    try {
      const page = await call(transfersApi.listTransfers, { query: linkQuery(next) });
      setOlder({ kept, rows: [...rows, ...page.data], next: page._links.next?.href, state: 'ready' });
    } catch {
      setOlder({ kept, rows, next, state: 'failed' });
    }
  }, [firstPage, next, older]);

  const { reload } = first;
  const olderPages = { hasOlder: next !== undefined, olderState: older?.state ?? 'ready', showOlder } as const;
  if (first.status !== 'ready') return { ...first, reload, ...olderPages };
  return { ...first, data: merged(first.data.data, older?.kept ?? [], older?.rows ?? []), reload, ...olderPages };
}
