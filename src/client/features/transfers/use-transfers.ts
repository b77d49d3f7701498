import { transfersApi } from '../../../domain/contract/transfers.ts';
import { isTerminal } from '../../../domain/transfers.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { usePushReceived } from '../../lib/use-push-received.ts';

/** While a transfer is still moving, the list asks again this often, so its label changes as it happens. */
export const TRANSFERS_REFRESH_MS = 5_000;

/**
 * The customer's transfers, newest first: fetched on open, every 5 seconds
 * while any is not final, and whenever the app comes back into view. Without
 * a network the service worker's last-known list shows, with its age. A
 * push that arrives while Sarraf has focus refreshes it in place.
 */
export function useTransfers() {
  const transfers = useEndpoint(
    transfersApi.listTransfers,
    {},
    {
      refreshMs: (transfers) => (transfers.some((t) => !isTerminal(t.status)) ? TRANSFERS_REFRESH_MS : undefined),
      refreshOnFocus: true,
    },
  );
  usePushReceived(transfers.reload);
  return transfers;
}
