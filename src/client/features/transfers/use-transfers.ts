import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import { isTerminal } from '../../../domain/transfers.ts';
import { call } from '../../lib/api/client.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { type PageFetcher, useOlderPages } from '../../lib/api/use-older-pages.ts';
import { usePushReceived } from '../../lib/use-push-received.ts';

/** While a transfer is still moving, the list asks again this often, so its label changes as it happens. */
export const TRANSFERS_REFRESH_MS = 5_000;

const olderTransfers: PageFetcher<TransferSummary> = (query) => call(trackingCalls.listTransfers, { query });

/**
 * The customer's transfers, newest first: the first page fetched on open,
 * every 5 seconds while any on it is not final, and whenever the app comes
 * back into view; older pages when the customer asks (`showOlder`). Without
 * a network the service worker's last-known first page shows, with its age.
 * A push that arrives while Sarraf has focus refreshes it in place.
 */
export function useTransfers() {
  const first = useEndpoint(
    trackingCalls.listTransfers,
    {},
    {
      refreshMs: (page) => (page.data.some((t) => !isTerminal(t.status)) ? TRANSFERS_REFRESH_MS : undefined),
      refreshOnFocus: true,
    },
  );
  usePushReceived(first.reload);
  const { rows, ...older } = useOlderPages(
    first.status === 'ready' ? first.data : undefined,
    olderTransfers,
    (transfer) => transfer.trans_ref,
  );
  const { reload } = first;
  if (first.status !== 'ready') return { ...first, reload, ...older };
  // rows holds the first page whenever it is ready
  return { ...first, data: rows ?? [...first.data.data], reload, ...older };
}
