import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { balanceCalls } from '../../../domain/contract/wallets/balances.ts';
import { conversionCalls } from '../../../domain/contract/wallets/conversion.ts';
import type { ConvertQuote, WalletBalance } from '../../../domain/contract/wallets.ts';
import { displayMoney, formatMinor, parseMinor } from '../../../domain/money.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { SUPPORT_URL } from '../../lib/config.ts';
import { formatCountdown, useCountdown } from '../../lib/countdown.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { rememberConversion } from './conversion-history.ts';
import { convertedAmount, typedAmount } from './convert-rules.ts';
import styles from './wallets.module.css';

type Step =
  | { name: 'form' }
  | { name: 'processing' }
  | { name: 'success'; balance: WalletBalance | undefined; currency: string }
  | { name: 'failed' };

interface ConvertDialogProps {
  wallets: readonly WalletBalance[];
  /** the wallet the customer opened it from */
  from: string;
  onClose: () => void;
  /** a conversion went through: the balances changed */
  onConverted: () => void;
}

const QUOTE_DELAY_MS = 400;

/** SPEC §2 Convert: between two of the customer's wallets at a live rate that expires. */
export function ConvertDialog({ wallets, from: initialFrom, onClose, onConverted }: ConvertDialogProps) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(() => wallets.find((w) => w.currencyCode !== initialFrom)?.currencyCode ?? '');
  const [amount, setAmount] = useState('');
  /** the live quote and when it stops holding, on this device's clock */
  const [quote, setQuote] = useState<ConvertQuote & { deadline: number }>();
  const [quoteRound, setQuoteRound] = useState(0);
  /** the last rate asked for did not come (SPEC §8: the failure to fetch exchange rates is said, never swallowed) */
  const [rateFailed, setRateFailed] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const key = useRef<string>(undefined);

  const fromMinor = typedAmount(amount, from);
  const fromWallet = wallets.find((w) => w.currencyCode === from);
  const available = fromWallet ? parseMinor(fromWallet.accountBalance, from) : 0n;
  const insufficient = fromMinor !== undefined && fromMinor > available;
  const ready = from !== '' && to !== '' && from !== to && fromMinor !== undefined;
  const left = useCountdown(quote?.deadline);
  const expired = left === 0;

  // a live rate for what is typed, asked again for each change and on "Get new rate"
  // biome-ignore lint/correctness/useExhaustiveDependencies: quoteRound asks again
  useEffect(() => {
    setQuote(undefined);
    setRateFailed(false);
    key.current = undefined;
    if (!ready) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(conversionCalls.convertQuote, {
        body: { from_currency: from, to_currency: to, from_amount: formatMinor(fromMinor, from) },
        signal: controller.signal,
      }).then(
        (answer) => setQuote({ ...answer, deadline: Date.now() + answer.expires_in_seconds * 1000 }),
        () => {
          if (!controller.signal.aborted) setRateFailed(true);
        },
      );
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [from, to, ready, fromMinor, quoteRound]);

  const money = (minor: bigint, currency: string) => displayMoney(minor, currency, i18n.locale);
  const toMinor =
    quote && fromMinor !== undefined ? convertedAmount(fromMinor, from, quote.exchange_rate, to) : undefined;

  function swap() {
    setFrom(to);
    setTo(from);
    if (toMinor !== undefined) setAmount(formatMinor(toMinor, to));
  }

  async function convert() {
    if (!quote || toMinor === undefined || fromMinor === undefined) return;
    key.current ??= crypto.randomUUID();
    setStep({ name: 'processing' });
    try {
      const conversion = await call(conversionCalls.executeConversion, {
        body: {
          from_currency: from,
          to_currency: to,
          from_amount: formatMinor(fromMinor, from),
          to_amount: formatMinor(toMinor, to),
          exchange_rate: quote.exchange_rate,
        },
        idempotencyKey: key.current,
      });
      await rememberConversion(conversion);
      const balances = await call(balanceCalls.getWallets).catch(() => undefined);
      onConverted();
      setAmount('');
      setStep({ name: 'success', balance: balances?.find((w) => w.currencyCode === to), currency: to });
    } catch (error) {
      if (error instanceof ApiFailure && error.type === 'QuoteExpired') {
        setStep({ name: 'form' });
        setQuoteRound((n) => n + 1);
        return;
      }
      setStep({ name: 'failed' });
    }
  }

  return (
    <Dialog open onClose={onClose} labelledBy={titleId} className={styles.dialog}>
      <h2 id={titleId}>
        <Trans>Convert</Trans>
      </h2>
      {step.name === 'processing' ? (
        <LoaderOverlay type="text">
          <Trans>Converting your money. This takes a moment; please keep this window open.</Trans>
        </LoaderOverlay>
      ) : step.name === 'success' ? (
        <div role="status">
          <p className={styles.success}>
            <Trans>Conversion complete.</Trans>
          </p>
          {step.balance ? (
            <p>
              <Trans>
                Your new {step.currency} balance:{' '}
                {money(parseMinor(step.balance.accountBalance, step.currency), step.currency)}
              </Trans>
            </p>
          ) : null}
          <div className={styles.actions}>
            <Link to="/home" className={buttonClass('primary')} onClick={onClose}>
              <Trans>Go to home</Trans>
            </Link>
          </div>
        </div>
      ) : step.name === 'failed' ? (
        <div role="alert">
          <p className={styles.failure}>
            <Trans>Conversion Failed! Your amount has not been converted.</Trans>
          </p>
          <div className={styles.actions}>
            <button type="button" className={buttonClass('primary')} onClick={() => setStep({ name: 'form' })}>
              <Trans>Try again</Trans>
            </button>
            <a href={SUPPORT_URL} target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
              <Trans>Contact support</Trans>
            </a>
          </div>
        </div>
      ) : (
        <form
          className={styles.convertForm}
          onSubmit={(event) => {
            event.preventDefault();
            if (ready && !insufficient && !expired && quote) void convert();
          }}
        >
          <div className={styles.pair}>
            <FormField id={`${titleId}-from`} label={<Trans>Wallet to send from</Trans>}>
              {(control) => (
                <select {...control} className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)}>
                  {wallets.map((w) => (
                    <option key={w.currencyCode} value={w.currencyCode}>
                      {w.currencyCode}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={swap}
              disabled={from === '' || to === ''}
            >
              <Trans>Swap currencies</Trans>
            </button>
            <FormField id={`${titleId}-to`} label={<Trans>Wallet to receive to</Trans>}>
              {(control) => (
                <select {...control} className={inputClass} value={to} onChange={(e) => setTo(e.target.value)}>
                  {wallets
                    .filter((w) => w.currencyCode !== from)
                    .map((w) => (
                      <option key={w.currencyCode} value={w.currencyCode}>
                        {w.currencyCode}
                      </option>
                    ))}
                </select>
              )}
            </FormField>
          </div>
          <FormField
            id={`${titleId}-amount`}
            label={<Trans>Amount to convert</Trans>}
            suffix={from}
            error={
              insufficient ? t`Insufficient balance. Available: ${formatMinor(available, from)} ${from}` : undefined
            }
          >
            {(control) => (
              <input
                {...control}
                className={inputClass}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </FormField>
          <div aria-live="polite" className={styles.rate}>
            {quote && toMinor !== undefined ? (
              <>
                <p>
                  <Trans>
                    Rate: 1 {from} = {quote.exchange_rate} {to}
                  </Trans>
                </p>
                <p className={styles.receive}>
                  <Trans>You receive {money(toMinor, to)}</Trans>
                </p>
                {expired ? (
                  <p className={styles.failure}>
                    <Trans>This rate has expired.</Trans>{' '}
                    <button type="button" className={buttonClass('ghost')} onClick={() => setQuoteRound((n) => n + 1)}>
                      <Trans>Get new rate</Trans>
                    </button>
                  </p>
                ) : (
                  <p className={styles.muted}>
                    <Trans>Rate holds for {formatCountdown(left ?? 0)}</Trans>
                  </p>
                )}
              </>
            ) : rateFailed ? (
              <p className={styles.failure} role="alert">
                <Trans>We could not get an exchange rate for this conversion.</Trans>{' '}
                <button type="button" className={buttonClass('ghost')} onClick={() => setQuoteRound((n) => n + 1)}>
                  <Trans>Try again</Trans>
                </button>
              </p>
            ) : null}
          </div>
          <div className={styles.actions}>
            <button
              type="submit"
              className={buttonClass('primary')}
              disabled={!ready || insufficient || expired || !quote}
            >
              <Trans>Continue</Trans>
            </button>
            <button type="button" className={buttonClass('ghost')} onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
