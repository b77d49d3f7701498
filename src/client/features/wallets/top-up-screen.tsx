import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useRef, useState } from 'react';
import { topUpCalls } from '../../../domain/contract/wallets/top-up.ts';
import type { TopUp, TopUpOption } from '../../../domain/contract/wallets.ts';
import { displayMoney, formatMinor, type Minor, parseMinor } from '../../../domain/money.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { CardFields } from '../../lib/card-payment/card-fields.tsx';
import type { CardChoices, CardOutcome, NewCard } from '../../lib/card-payment/card-form.tsx';
import { type PayinCard, readyNewCard } from '../../lib/card-payment/new-card.ts';
import { NEW_CARD, SavedCardChoice, useSavedCardChoice } from '../../lib/card-payment/saved-card-choice.tsx';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { NeedsNetwork } from '../../ui/offline-notice.tsx';
import { Figure, Figures, SummaryBox } from '../../ui/summary-box.tsx';
import { BankLinkTopUp } from './bank-link-top-up.tsx';
import { typedAmount } from './convert-rules.ts';
import { TopUpResult } from './top-up-result.tsx';
import styles from './wallets.module.css';

/** The wallet and amount chosen, in minor units of its currency. */
interface Chosen {
  currency: string;
  amount: Minor;
}

/** /top-up: choose a wallet and an amount, then pay by bank link or by card (3-D Secure when the bank asks); the result and the new balance. */
export function TopUpScreen({ currency }: { currency?: string | undefined }) {
  const options = useEndpoint(topUpCalls.topUpOptions, {});
  const [chosen, setChosen] = useState<Chosen>();
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState<TopUp>();

  if (done) {
    return (
      <TopUpResult
        topUp={done}
        onRetry={() => {
          setDone(undefined);
          setPaying(false);
        }}
      />
    );
  }
  return (
    <>
      <h1>
        <Trans>Top up a wallet</Trans>
      </h1>
      {options.status === 'failed' && isOffline(options.error) ? (
        <NeedsNetwork onRetry={options.reload} />
      ) : options.status === 'failed' ? (
        <LoadFailed onRetry={options.reload}>
          <Trans>We could not load your wallets.</Trans>
        </LoadFailed>
      ) : options.status === 'loading' ? (
        <LoaderOverlay type="text">
          <Trans>Loading your wallets…</Trans>
        </LoaderOverlay>
      ) : chosen && paying ? (
        <TopUpPayment chosen={chosen} onChange={() => setPaying(false)} onDone={setDone} />
      ) : (
        <TopUpAmount
          options={options.data}
          initial={chosen ?? currency}
          onChosen={(picked) => {
            setChosen(picked);
            setPaying(true);
          }}
        />
      )}
    </>
  );
}

const amountText = (chosen: Chosen | string | undefined) =>
  typeof chosen === 'object' ? formatMinor(chosen.amount, chosen.currency) : '';

interface TopUpAmountProps {
  options: readonly TopUpOption[];
  initial: Chosen | string | undefined;
  onChosen: (chosen: Chosen) => void;
}

/** Step 1: the wallet and the amount, within the top-up limits (get-topup-options). */
function TopUpAmount({ options, initial, onChosen }: TopUpAmountProps) {
  const { i18n, t } = useLingui();
  const first = typeof initial === 'object' ? initial.currency : initial;
  const [currency, setCurrency] = useState(options.find((o) => o.currency === first)?.currency ?? options[0]?.currency);
  const [text, setText] = useState(amountText(initial));
  const [error, setError] = useState<string>();
  const option = options.find((o) => o.currency === currency);
  if (!option) return null;
  const money = (amount: string) => displayMoney(parseMinor(amount, option.currency), option.currency, i18n.locale);
  const min = money(option.min_amount);
  const max = money(option.max_amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = typedAmount(text, option.currency);
    if (amount === undefined) return setError(t`Enter an amount, like 50.00`);
    if (
      amount < parseMinor(option.min_amount, option.currency) ||
      amount > parseMinor(option.max_amount, option.currency)
    )
      return setError(t`Enter an amount between ${min} and ${max}`);
    onChosen({ currency: option.currency, amount });
  };

  return (
    <form noValidate className={styles.form} onSubmit={submit}>
      <FormField id="top-up-wallet" label={<Trans>Wallet to top up</Trans>}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={option.currency}
            onChange={(event) => {
              setCurrency(event.target.value);
              setError(undefined);
            }}
          >
            {options.map((o) => (
              <option key={o.currency} value={o.currency}>
                {o.currency}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="top-up-amount"
        label={<Trans>Amount</Trans>}
        hint={
          <Trans>
            Between {min} and {max}. Top-ups are free.
          </Trans>
        }
        error={error}
        suffix={option.currency}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={16}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <button type="submit" className={buttonClass('primary')}>
        <Trans>Continue</Trans>
      </button>
    </form>
  );
}

interface TopUpPaymentProps {
  chosen: Chosen;
  onChange: () => void;
  onDone: (topUp: TopUp) => void;
}

/** A top-up in progress: its Idempotency-Key, and the card it pays with; reused when a call is retried. */
interface Attempt {
  key: string;
  card: PayinCard;
}

/**
 * Step 2: pay the top-up with a saved card or a new one (saved too, when the
 * customer agrees); the bank's 3-D Secure page when it asks, which returns to
 * the card-enrollment route.
 */
function TopUpPayment({ chosen, onChange, onDone }: TopUpPaymentProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const { loading, usable, cardId, pick } = useSavedCardChoice();
  const [network, setNetwork] = useState(false);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<Attempt>(undefined);
  const amount = displayMoney(chosen.amount, chosen.currency, i18n.locale);

  /** Ask for the top-up; undefined when it could not be asked (a message says why). */
  const topUp = async (current: Attempt): Promise<TopUp | undefined> => {
    try {
      const answer = await call(topUpCalls.topUp, {
        body: { currency: chosen.currency, amount: formatMinor(chosen.amount, chosen.currency), ...current.card },
        idempotencyKey: current.key,
      });
      if (answer.status === 'WAITING' && answer.challenge_url) {
        window.location.assign(answer.challenge_url);
        return undefined;
      }
      attempt.current = undefined;
      onDone(answer);
      return answer;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.status === 0) setNetwork(true);
      else showErrorModal(error);
      return undefined;
    }
  };

  const payNew = async (card: NewCard, { save }: CardChoices): Promise<CardOutcome> => {
    setNetwork(false);
    // any change to the card or the consent starts a new attempt (onEdit)
    const ready = await readyNewCard(card, save, attempt.current?.card);
    if ('refused' in ready) return { refused: ready.refused };
    if (ready.card) attempt.current = { key: attempt.current?.key ?? crypto.randomUUID(), card: ready.card };
    if (ready.failed === 'network') setNetwork(true);
    if (ready.failed || !attempt.current) return undefined;
    const answer = await topUp(attempt.current);
    return answer?.status === 'DECLINED' ? { declined: true } : undefined;
  };

  const paySaved = async (event: FormEvent) => {
    event.preventDefault();
    setNetwork(false);
    setBusy(true);
    try {
      if (
        !attempt.current ||
        !('saved_card_id' in attempt.current.card) ||
        attempt.current.card.saved_card_id !== cardId
      ) {
        attempt.current = { key: crypto.randomUUID(), card: { saved_card_id: cardId } };
      }
      await topUp(attempt.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SummaryBox titleId={titleId} title={<Trans>Your top-up</Trans>}>
        <Figures>
          <Figure label={<Trans>Wallet</Trans>}>{chosen.currency}</Figure>
          <Figure label={<Trans>Amount</Trans>} strong>
            {amount}
          </Figure>
        </Figures>
        <button type="button" className={buttonClass('secondary')} onClick={onChange}>
          <Trans>Change amount</Trans>
        </button>
      </SummaryBox>
      <BankLinkTopUp currency={chosen.currency} amount={chosen.amount} onDone={onDone} />
      <h2>
        <Trans>Pay by card</Trans>
      </h2>
      {network ? (
        <p role="alert" className={styles.problem}>
          <Trans>We could not reach the payment service. Check your connection and try again.</Trans>
        </p>
      ) : null}
      {usable.length > 0 ? (
        <form noValidate className={styles.form} onSubmit={(event) => void paySaved(event)}>
          <SavedCardChoice name="top-up-card" usable={usable} cardId={cardId} pick={pick} />
          {cardId === NEW_CARD ? null : (
            <button type="submit" className={buttonClass('primary')} disabled={busy}>
              {busy ? <Trans>Paying…</Trans> : <Trans>Top up {amount}</Trans>}
            </button>
          )}
        </form>
      ) : null}
      {cardId === NEW_CARD && !loading ? (
        <CardFields
          submitLabel={<Trans>Top up {amount}</Trans>}
          busyLabel={<Trans>Paying…</Trans>}
          consent={<Trans>Save this card for future top-ups</Trans>}
          onCard={payNew}
          onEdit={() => {
            attempt.current = undefined;
          }}
        />
      ) : null}
    </>
  );
}
