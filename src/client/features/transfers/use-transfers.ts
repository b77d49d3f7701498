import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import { isTerminal } from '../../../domain/transfers.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { listTransfers } from '../../lib/api/transfers.ts';
import { accessTokenAtom } from '../session/session-atoms.ts';
import { loadTransfers, saveTransfers } from './transfers-cache.ts';

/** While a transfer is still moving, the list asks again this often, so its label changes as it happens. */
export const TRANSFERS_REFRESH_MS = 5_000;

export type TransfersState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `offline`: the server could not be reached; `savedAt` says how old the list shown is */
  | { status: 'ready'; transfers: TransferSummary[]; savedAt: number; offline: boolean };

/**
 * The customer's transfers, newest first: fetched on open, every 5 seconds
 * while any is not final, and whenever the app comes back into view. Each
 * list is kept in IndexedDB, so without a network the last one still shows.
 */
export function useTransfers(): TransfersState & { reload: () => void } {
  const token = useAtomValue(accessTokenAtom);
  const [state, setState] = useState<TransfersState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for the list again
  useEffect(() => {
    const controller = new AbortController();
    let next: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      next = setTimeout(reload, TRANSFERS_REFRESH_MS);
    };

    listTransfers(controller.signal).then(
      (transfers) => {
        const savedAt = Date.now();
        setState({ status: 'ready', transfers, savedAt, offline: false });
        if (token) saveTransfers(token, { savedAt, transfers }).catch(() => undefined);
        if (transfers.some((transfer) => !isTerminal(transfer.status))) again();
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        const offline = error instanceof ApiFailure && error.status === 0;
        const cached = offline && token ? await loadTransfers(token).catch(() => undefined) : undefined;
        if (controller.signal.aborted) return;
        setState((current) => {
          if (current.status === 'ready') return { ...current, offline };
          return cached ? { status: 'ready', ...cached, offline: true } : { status: 'failed' };
        });
        if (offline) again();
      },
    );
    return () => {
      controller.abort();
      clearTimeout(next);
    };
  }, [round, token]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('focus', reload);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', reload);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload]);

  return { ...state, reload };
}
