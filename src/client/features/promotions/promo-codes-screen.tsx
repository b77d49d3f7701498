import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type Promotion, promotionsApi } from '../../../domain/contract/promotions.ts';
import { call } from '../../lib/api/client.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { type PageFetcher, useOlderPages } from '../../lib/api/use-older-pages.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { OlderItems } from '../../ui/older-items.tsx';
import styles from './promo-codes.module.css';

const morePromotions: PageFetcher<Promotion> = (query) => call(promotionsApi.listPromotions, { query });

/** /your-promo-codes (SPEC §2): the customer's codes, newest first, with a copy action, and how to use one. */
export function PromoCodesScreen() {
  const promotions = useEndpoint(promotionsApi.listPromotions, {});
  const { rows, ...older } = useOlderPages(promotions.data, morePromotions, (promo) => promo.code);
  return (
    <>
      <h1>
        <Trans>Promo codes</Trans>
      </h1>
      <section aria-labelledby="how-it-works" className={styles.how}>
        <h2 id="how-it-works">
          <Trans>How it works</Trans>
        </h2>
        <ol>
          <li>
            <Trans>Copy a code below.</Trans>
          </li>
          <li>
            <Trans>Paste it into Promo code when you get a quote: the fee goes down before you pay.</Trans>
          </li>
          <li>
            <Trans>
              The code is used when you make that transfer. If the transfer is not paid, you get the code back.
            </Trans>
          </li>
        </ol>
      </section>
      {promotions.status === 'failed' ? (
        <LoadFailed onRetry={promotions.reload}>
          <Trans>We could not load your promo codes.</Trans>
        </LoadFailed>
      ) : promotions.status === 'loading' ? (
        <LoaderOverlay type="text">
          <Trans>Loading your promo codes…</Trans>
        </LoaderOverlay>
      ) : !rows || rows.length === 0 ? (
        <p>
          <Trans>You don't have promo codes right now.</Trans>
        </p>
      ) : (
        <>
          <ul className={styles.list}>
            {rows.map((promo) => (
              <li key={promo.code}>
                <PromoItem promo={promo} />
              </li>
            ))}
          </ul>
          <OlderItems
            older={older}
            labels={{
              show: <Trans>Show more promo codes</Trans>,
              loading: <Trans>Loading more promo codes…</Trans>,
              failed: <Trans>We could not load more promo codes.</Trans>,
            }}
          />
        </>
      )}
      <Link to="/send-money/quote" className={buttonClass('primary')}>
        <Trans>Send money</Trans>
      </Link>
    </>
  );
}

function PromoItem({ promo }: { promo: Promotion }) {
  const { i18n } = useLingui();
  const money = useWireMoney();
  const [copied, setCopied] = useState(false);
  const titleId = `promo-${promo.code}`;
  const until = promo.valid_until
    ? dateFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(promo.valid_until))
    : null;
  const percent = promo.percent_off;
  const amount = promo.amount_off && promo.currency ? money(promo.amount_off, promo.currency) : '';
  return (
    <article className={styles.item} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.code}>
        {promo.code}
      </h2>
      <p>
        {promo.kind === 'percent_fee' ? (
          <Trans>{percent}% off the fee of one transfer</Trans>
        ) : promo.kind === 'fixed_fee' ? (
          <Trans>{amount} off the fee of one transfer</Trans>
        ) : (
          <Trans>No fee on your first transfer</Trans>
        )}
      </p>
      {until ? (
        <p className={styles.meta}>
          <Trans>Use it by {until}</Trans>
        </p>
      ) : null}
      {promo.status === 'spent' ? (
        <p className={styles.meta}>
          <Trans>Used</Trans>
        </p>
      ) : (
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            void navigator.clipboard?.writeText(promo.code).then(() => setCopied(true));
          }}
        >
          {copied ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}
        </button>
      )}
      <p role="status" className="visually-hidden">
        {copied ? <Trans>{promo.code} copied</Trans> : null}
      </p>
    </article>
  );
}
