import { useCallback, useState } from 'react';
import { statementCalls } from '../../../domain/contract/wallets/statement.ts';
import type { WalletMovement } from '../../../domain/contract/wallets.ts';
import { call } from '../../lib/api/client.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';

/** The pages after the first, as the customer asked for them. */
interface OlderPages {
  rows: readonly WalletMovement[];
  /** the link to the page after the last one shown; undefined when that was the last */
  next: string | undefined;
  state: 'ready' | 'loading' | 'failed';
}

/** The query a page link asks with. */
function linkQuery(href: string) {
  const params = new URL(href, location.origin).searchParams;
  return {
    currency: params.get('currency') ?? undefined,
    before: params.get('before') ?? undefined,
    limit: Number(params.get('limit') ?? 50),
  };
}

/**
 * One wallet's movements, newest first (`GET /remit/wallet/transactions`):
 * the first page on open, older pages when the customer asks (`showOlder`).
 */
export function useWalletMovements(currency: string) {
  const first = useEndpoint(statementCalls.walletMovements, { query: { currency } });
  const [older, setOlder] = useState<OlderPages>();
  const firstPage = first.status === 'ready' ? first.data : undefined;
  const next = older ? older.next : firstPage?._links.next?.href;

  const showOlder = useCallback(async () => {
    if (next === undefined) return;
    const rows = older?.rows ?? [];
    setOlder({ rows, next, state: 'loading' });
    try {
      const page = await call(statementCalls.walletMovements, { query: linkQuery(next) });
      setOlder({ rows: [...rows, ...page.data], next: page._links.next?.href, state: 'ready' });
    } catch {
      setOlder({ rows, next, state: 'failed' });
    }
  }, [next, older]);

  const olderPages = { hasOlder: next !== undefined, olderState: older?.state ?? 'ready', showOlder } as const;
  if (first.status !== 'ready') return { ...first, ...olderPages };
  return { ...first, data: [...first.data.data, ...(older?.rows ?? [])], ...olderPages };
}
