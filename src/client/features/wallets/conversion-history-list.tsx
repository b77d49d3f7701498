import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { type Conversion, walletsApi } from '../../../domain/contract/wallets.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import { call } from '../../lib/api/client.ts';
import cardStyles from '../../ui/card.module.css';
import { storedHistory, storeHistory } from './conversion-history.ts';
import styles from './wallets.module.css';

/**
 * The newest 50 conversions: what this device stored shows at once (and
 * offline); the server's list replaces it when it answers. `round` changes
 * after each new conversion.
 */
export function ConversionHistoryList({ round }: { round: number }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const [history, setHistory] = useState<Conversion[]>();
  const [offline, setOffline] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks again
  useEffect(() => {
    let live = true;
    storedHistory().then((stored) => {
      if (live) setHistory((shown) => shown ?? stored);
    });
    call(walletsApi.listConversions).then(
      async (fresh) => {
        const kept = await storeHistory(fresh);
        if (live) {
          setHistory(kept);
          setOffline(false);
        }
      },
      () => {
        if (live) setOffline(true);
      },
    );
    return () => {
      live = false;
    };
  }, [round]);

  const money = (amount: string, currency: string) => displayMoney(parseMinor(amount, currency), currency, i18n.locale);
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Conversion history</Trans>
      </h2>
      {offline ? (
        <p className={styles.muted}>
          <Trans>You are offline: this is the history as this device last saw it.</Trans>
        </p>
      ) : null}
      {history === undefined ? null : history.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No conversions yet.</Trans>
        </p>
      ) : (
        <ul className={styles.history}>
          {history.map((c) => (
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
    </section>
  );
}
