import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Suspense, useId, useState } from 'react';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import type { WalletCurrency } from '../../../domain/contract/wallets.ts';
import { displayNames } from '../../../domain/intl-formats.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import { lazyAfterFirstPaint } from '../../lib/after-first-paint.tsx';
import { call } from '../../lib/api/client.ts';
import { isOffline, type Loaded, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay, useHoldReveal } from '../../ui/loader-overlay.tsx';
import {
  type NetworkActionProps,
  OfflineNothingYet,
  OfflineNotice,
  useNetworkActions,
} from '../../ui/offline-notice.tsx';
import { WalletFlag } from './wallet-flag.tsx';
import styles from './wallets.module.css';

// Convert's dialog and its contract are no part of the card's first paint (docs/decisions.md, "A page carries the
// contract of the calls it makes")
const ConvertDialog = lazyAfterFirstPaint(() => import('./convert-dialog.tsx').then((module) => module.ConvertDialog));

/**
 * The customer's wallets (SPEC §2 Wallet): the base currency first, each
 * balance in the customer's locale, truncated to the currency's 2 decimals,
 * with Convert; `full` adds opening a wallet in another currency.
 */
export function WalletsCard({ full = false, onConverted }: { full?: boolean; onConverted?: () => void }) {
  return full ? <WalletsCardOpening onConverted={onConverted} /> : <WalletsCardBody />;
}

/**
 * /wallets' card: the currencies a wallet may be opened in are asked for with the balances, not once these have come
 * (a second round trip before the screen, which shows its cards together, could paint).
 */
function WalletsCardOpening({ onConverted }: { onConverted?: (() => void) | undefined }) {
  const currencies = useEndpoint(balanceCalls.walletCurrencies, {});
  useHoldReveal(currencies.status === 'loading');
  return <WalletsCardBody currencies={currencies} onConverted={onConverted} />;
}

function WalletsCardBody({
  currencies,
  onConverted,
}: {
  /** what a wallet may be opened in (in `full`: the form to open one), else a link to /wallets */
  currencies?: Loaded<WalletCurrency[]>;
  onConverted?: (() => void) | undefined;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const wallets = useEndpoint(balanceCalls.getWallets, {});
  useHoldReveal(wallets.status === 'loading');
  const [converting, setConverting] = useState<string>();
  const { reason, actionProps } = useNetworkActions(wallets.status === 'ready' && wallets.offline);

  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Your wallets</Trans>
      </h2>
      {wallets.status === 'ready' ? (
        <>
          <ul className={styles.list}>
            {wallets.data.map((wallet) => (
              <li key={wallet.currencyCode} className={styles.wallet}>
                <span className={styles.walletName}>
                  <WalletFlag flagCode={wallet.flagCode} />
                  <Link to="/wallets/$currency" params={{ currency: wallet.currencyCode }}>
                    {wallet.currencyCode}
                    <span className="visually-hidden">
                      {' '}
                      <Trans>transactions and statements</Trans>
                    </span>
                  </Link>
                </span>
                <span className={styles.balance}>
                  {displayMoney(
                    parseMinor(wallet.accountBalance, wallet.currencyCode),
                    wallet.currencyCode,
                    i18n.locale,
                  )}
                </span>
                <Link
                  to="/top-up"
                  search={{ currency: wallet.currencyCode }}
                  className={buttonClass('secondary')}
                  {...actionProps}
                >
                  <Trans>Top up {wallet.currencyCode}</Trans>
                </Link>
                {wallets.data.length > 1 ? (
                  <button
                    type="button"
                    className={buttonClass('secondary')}
                    {...actionProps}
                    onClick={() => setConverting(wallet.currencyCode)}
                  >
                    <Trans>Convert {wallet.currencyCode}</Trans>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {wallets.offline ? <OfflineNotice asOf={wallets.asOf} /> : null}
          {reason}
          {currencies ? (
            <OpenWallet
              currencies={currencies}
              held={wallets.data.map((w) => w.currencyCode)}
              actionProps={actionProps}
              onOpened={wallets.reload}
            />
          ) : (
            <div className={styles.actions}>
              <Link to="/wallets" className={buttonClass('secondary')}>
                <Trans>All wallets and conversions</Trans>
              </Link>
            </div>
          )}
          {converting ? (
            <Suspense fallback={null}>
              <ConvertDialog
                wallets={wallets.data}
                from={converting}
                onClose={() => setConverting(undefined)}
                onConverted={() => {
                  wallets.reload();
                  onConverted?.();
                }}
              />
            </Suspense>
          ) : null}
        </>
      ) : wallets.status === 'failed' && isOffline(wallets.error) ? (
        <OfflineNothingYet />
      ) : wallets.status === 'failed' ? (
        <LoadFailed onRetry={wallets.reload}>
          <Trans>We couldn't load your wallets.</Trans>
        </LoadFailed>
      ) : (
        <LoaderOverlay type="circle">
          <Trans>Loading your wallets…</Trans>
        </LoaderOverlay>
      )}
    </section>
  );
}

/** Open a wallet in a currency the customer may hold and does not yet. */
function OpenWallet({
  currencies,
  held,
  actionProps,
  onOpened,
}: {
  currencies: Loaded<WalletCurrency[]>;
  held: readonly string[];
  /** disables opening a wallet while the balances shown are last-known (offline) */
  actionProps: NetworkActionProps;
  onOpened: () => void;
}) {
  const { i18n, t } = useLingui();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const names = displayNames(i18n.locale, { type: 'currency' });
  const open = currencies.status === 'ready' ? currencies.data.filter((c) => !held.includes(c.code)) : [];
  const [choice, setChoice] = useState('');
  if (open.length === 0) return null;
  const chosen = open.some((c) => c.code === choice) ? choice : (open[0]?.code ?? '');

  return (
    <form
      className={styles.open}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setFailed(false);
        try {
          await call(balanceCalls.createWallet, { body: { currency: chosen } });
          onOpened();
        } catch {
          setFailed(true);
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormField
        id={id}
        label={<Trans>Open a wallet in</Trans>}
        error={failed ? t`We couldn't open the wallet. Try again.` : undefined}
      >
        {(control) => (
          <select {...control} className={inputClass} value={chosen} onChange={(e) => setChoice(e.target.value)}>
            {open.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} – {names.of(c.code)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button type="submit" className={buttonClass('primary')} disabled={busy} {...actionProps}>
        <Trans>Open wallet</Trans>
      </button>
    </form>
  );
}
