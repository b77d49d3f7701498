import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useMemo, useState } from 'react';
import type { ResponseOf } from '../../../domain/contract/endpoint.ts';
import type { PageLinks } from '../../../domain/contract/pages.ts';
import { conversionCalls } from '../../../domain/contract/wallets/conversion.ts';
import type { Conversion } from '../../../domain/contract/wallets.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import { call } from '../../lib/api/client.ts';
import { endpointKey, peekPrimed, takePrimed } from '../../lib/api/primed-answers.ts';
import { isOffline } from '../../lib/api/use-endpoint.ts';
import { type PageFetcher, useOlderPages } from '../../lib/api/use-older-pages.ts';
import { dateFormat } from '../../lib/date-format.ts';
import cardStyles from '../../ui/card.module.css';
import { OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import { OlderItems } from '../../ui/older-items.tsx';
import {
  firstStoredHistory,
  type StoredHistory,
  storedHistory,
  storedHistoryRead,
  storeHistory,
} from './conversion-history.ts';
import styles from './wallets.module.css';

const olderConversions: PageFetcher<Conversion> = (query) => call(conversionCalls.listConversions, { query });

type ConversionsPage = ResponseOf<typeof conversionCalls.listConversions>;

const FIRST_PAGE_KEY = endpointKey(conversionCalls.listConversions, {});

/** The first page: the one `/wallets` asked for with its other cards' data (`wallets-answers.ts`), else asked now. */
function firstPage(): Promise<ConversionsPage> {
  const primed = takePrimed(FIRST_PAGE_KEY);
  return primed ? primed.answer.then(({ data }) => data as ConversionsPage) : call(conversionCalls.listConversions);
}

/**
 * The newest 50 conversions (SPEC §9), then older ones as the customer asks
 * for them: what this device stored shows at once (and offline, with its
 * age); the server's first page replaces it when it answers, and is asked
 * for again when the connection returns. Older pages are not stored. `round`
 * changes after each new conversion.
 */
export function ConversionHistoryList({ round }: { round: number }) {
  const { i18n } = useLingui();
  const headingId = useId();
  // what /wallets' loader found before this first render (the stored read, the worker's refusal offline), shown in it
  const [opening] = useState(() => ({
    stored: round === 0 ? storedHistoryRead() : undefined,
    refused: round === 0 && isOffline(peekPrimed(FIRST_PAGE_KEY)?.refused?.error),
  }));
  const [history, setHistory] = useState<StoredHistory | undefined>(opening.stored?.found);
  /** where the server's first page said the older ones are (nothing stored says it) */
  const [links, setLinks] = useState<PageLinks>({});
  const [offline, setOffline] = useState(opening.stored !== undefined && opening.refused);
  const [retry, setRetry] = useState(0);

  // Asked as the list is put on the page, with the other cards' data (`useAnswer`), not after the browser paints it:
  // offline, the stored history and its age were the last of the wallets page's parts on screen. The first time,
  // /wallets has asked already (`firstPage`); a new conversion (`round`) or a retry asks again.
  // Offline, the notice waits for the stored read: the worker's refusal comes first, and the list had said "not loaded
  // on this device yet" until the read came.
  useLayoutEffect(() => {
    let live = true;
    const first = round === 0 && retry === 0;
    const stored = (first ? firstStoredHistory() : storedHistory()).then((kept) => {
      if (live && kept) setHistory((shown) => shown ?? kept);
    });
    (first ? firstPage() : call(conversionCalls.listConversions)).then(
      async (fresh) => {
        const kept = await storeHistory(fresh.data);
        if (live) {
          setHistory(kept);
          setLinks(fresh._links);
          setOffline(false);
        }
      },
      (error: unknown) =>
        stored.then(() => {
          if (live) setOffline(isOffline(error));
        }),
    );
    return () => {
      live = false;
    };
  }, [round, retry]);

  useEffect(() => {
    if (!offline) return;
    const again = () => setRetry((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [offline]);

  const first = useMemo(() => history && { data: history.conversions, _links: links }, [history, links]);
  const { rows, ...older } = useOlderPages(first, olderConversions, (conversion) => conversion.id);
  const money = (amount: string, currency: string) => displayMoney(parseMinor(amount, currency), currency, i18n.locale);
  const date = dateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Conversion history</Trans>
      </h2>
      {offline ? history ? <OfflineNotice asOf={history.savedAt} /> : <OfflineNothingYet /> : null}
      {rows === undefined ? null : rows.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No conversions yet.</Trans>
        </p>
      ) : (
        <ul className={styles.history}>
          {rows.map((c) => (
            <li key={c.id}>
              <span>
                {money(c.from_amount, c.from_currency)} → {money(c.to_amount, c.to_currency)}
              </span>
              <time dateTime={c.timestamp} className={styles.muted}>
                {date.format(new Date(c.timestamp))}
              </time>
            </li>
          ))}
        </ul>
      )}
      <OlderItems
        older={older}
        labels={{
          show: <Trans>Show older conversions</Trans>,
          loading: <Trans>Loading older conversions…</Trans>,
          failed: <Trans>We could not load older conversions.</Trans>,
        }}
      />
    </section>
  );
}
