import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { schedulesApi } from '../../../domain/contract/schedules.ts';
import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import { paymentTypesFor, type Transfer } from '../../../domain/contract/transfers/transfer.ts';
import { savedCardCalls } from '../../../domain/contract/wallets/saved-cards.ts';
import type { SavedCard } from '../../../domain/contract/wallets.ts';
import {
  calendarDate,
  SCHEDULE_FREQUENCIES,
  type ScheduleEndType,
  type ScheduleFrequency,
} from '../../../domain/schedules.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { OfflineNothingYet } from '../../ui/offline-notice.tsx';
import { FREQUENCY_NAMES } from './schedule-texts.ts';
import styles from './schedules.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;
const RATE = /^\d{1,9}(\.\d{1,8})?$/;

/**
 * Set up a scheduled or recurring transfer from a transfer the customer
 * made: how often, from which date, until when, the least rate it may go
 * at, and how it is paid (the wallet, or a saved card they allow us to
 * charge). Each transfer is priced on its day, and the form says so.
 */
export function ScheduleSetup({ transRef }: { transRef: string }) {
  const transfer = useEndpoint(trackingCalls.getTransfer, { params: { trans_ref: transRef } });
  const cards = useEndpoint(savedCardCalls.listCards, {});
  const back = (
    <Link to="/transfers/$transactionReference" params={{ transactionReference: transRef }} className={styles.back}>
      <Trans>Back to the transfer</Trans>
    </Link>
  );
  return (
    <>
      {back}
      <h1>
        <Trans>Repeat this transfer</Trans>
      </h1>
      {transfer.status === 'ready' ? (
        <SetupForm transfer={transfer.data} cards={cards.status === 'ready' ? cards.data : []} />
      ) : transfer.status === 'loading' ? (
        <LoaderOverlay type="text">
          <Trans>Loading your transfer…</Trans>
        </LoaderOverlay>
      ) : isOffline(transfer.error) ? (
        <OfflineNothingYet />
      ) : (
        <LoadFailed onRetry={transfer.reload}>
          <Trans>We could not load your transfer.</Trans>
        </LoadFailed>
      )}
    </>
  );
}

type Errors = Partial<
  Record<'start_date' | 'end_count' | 'end_date' | 'min_rate' | 'payment' | 'card_consent', string>
>;

function SetupForm({ transfer, cards }: { transfer: Transfer; cards: readonly SavedCard[] }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const money = useWireMoney();
  const tomorrow = calendarDate(new Date(Date.now() + DAY_MS));
  const walletOffered = paymentTypesFor(transfer.send_country).includes('wallet');
  const usable = cards.filter((card) => !card.is_expired);
  const [frequency, setFrequency] = useState<ScheduleFrequency>('monthly');
  const [start, setStart] = useState(tomorrow);
  const [end, setEnd] = useState<ScheduleEndType>('never');
  const [count, setCount] = useState('12');
  const [endDate, setEndDate] = useState('');
  const [minRate, setMinRate] = useState('');
  const [payment, setPayment] = useState<string>(walletOffered ? 'wallet' : '');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // one key for this form's schedule: a retry after a lost answer makes it once
  const [key] = useState(() => crypto.randomUUID());

  const name = transfer.beneficiary.name;
  const send = money(transfer.send_amount, transfer.source_currency);
  const receive = money(transfer.receive_amount, transfer.dest_currency);
  const from = transfer.source_currency;
  const to = transfer.dest_currency;
  const rate = transfer.rate;
  const day = start.slice(8).replace(/^0/, '');
  const card = payment === 'wallet' ? undefined : usable.find((c) => c.card_id === payment);

  const check = (): Errors => {
    const found: Errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || start < tomorrow)
      found.start_date = t`Choose a first date from tomorrow on`;
    if (frequency !== 'once' && end === 'after_count' && !/^([1-9]\d?|1[01]\d|120)$/.test(count)) {
      found.end_count = t`Choose from 1 to 120 transfers`;
    }
    if (frequency !== 'once' && end === 'on_date' && (endDate === '' || endDate < start)) {
      found.end_date = t`Choose an end date on or after the first date`;
    }
    if (minRate.trim() !== '' && (!RATE.test(minRate.trim()) || !/[1-9]/.test(minRate))) {
      found.min_rate = t`Enter a rate above zero, like ${rate}`;
    }
    if (payment === '') found.payment = t`Choose how each transfer is paid`;
    if (card && !consent) found.card_consent = t`Allow us to charge this card, or pay from your wallet`;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await call(schedulesApi.createSchedule, {
        idempotencyKey: key,
        body: {
          trans_ref: transfer.trans_ref,
          frequency,
          start_date: start,
          end_type: frequency === 'once' ? 'never' : end,
          ...(frequency !== 'once' && end === 'after_count' ? { end_count: Number(count) } : {}),
          ...(frequency !== 'once' && end === 'on_date' ? { end_date: endDate } : {}),
          ...(minRate.trim() === '' ? {} : { min_rate: minRate.trim() }),
          ...(card
            ? { payment_type: 'card' as const, saved_card_id: card.card_id, card_consent: consent }
            : { payment_type: 'wallet' as const }),
        },
      });
      await navigate({ to: '/transfers' });
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.status === 400 && failure.propertyPath) {
        setErrors({ [failure.propertyPath === 'saved_card_id' ? 'payment' : failure.propertyPath]: failure.message });
      } else {
        showErrorModal(failure instanceof ApiFailure ? failure : null);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate className={styles.form} onSubmit={(event) => void submit(event)}>
      <p className={styles.summary}>
        <Trans>
          Each transfer sends {send} to {name}. It is priced on its day, so the rate is not fixed now: today {name}{' '}
          would get {receive}.
        </Trans>
      </p>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>
          <Trans>How often</Trans>
        </legend>
        {SCHEDULE_FREQUENCIES.map((value) => (
          <div key={value} className={styles.choice}>
            <input
              id={`schedule-frequency-${value}`}
              type="radio"
              name="schedule-frequency"
              checked={frequency === value}
              onChange={() => setFrequency(value)}
            />
            <label htmlFor={`schedule-frequency-${value}`}>{i18n._(FREQUENCY_NAMES[value])}</label>
          </div>
        ))}
      </fieldset>
      <FormField
        id="schedule-start"
        label={frequency === 'once' ? <Trans>Send on</Trans> : <Trans>First transfer on</Trans>}
        hint={
          frequency === 'monthly' ? (
            <Trans>Then on day {day} of each month, or the month's last day when it is shorter.</Trans>
          ) : null
        }
        error={errors.start_date}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            type="date"
            min={tomorrow}
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        )}
      </FormField>
      {frequency === 'once' ? null : (
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>
            <Trans>Ends</Trans>
          </legend>
          <div className={styles.choice}>
            <input
              id="schedule-end-never"
              type="radio"
              name="schedule-end"
              checked={end === 'never'}
              onChange={() => setEnd('never')}
            />
            <label htmlFor="schedule-end-never">
              <Trans>When I cancel it</Trans>
            </label>
          </div>
          <div className={styles.choice}>
            <input
              id="schedule-end-count"
              type="radio"
              name="schedule-end"
              checked={end === 'after_count'}
              onChange={() => setEnd('after_count')}
            />
            <label htmlFor="schedule-end-count">
              <Trans>After a number of transfers</Trans>
            </label>
          </div>
          <div className={styles.choice}>
            <input
              id="schedule-end-date"
              type="radio"
              name="schedule-end"
              checked={end === 'on_date'}
              onChange={() => setEnd('on_date')}
            />
            <label htmlFor="schedule-end-date">
              <Trans>On a date</Trans>
            </label>
          </div>
        </fieldset>
      )}
      {frequency !== 'once' && end === 'after_count' ? (
        <FormField
          id="schedule-count"
          label={<Trans>Number of transfers</Trans>}
          hint={<Trans>A skipped transfer counts too.</Trans>}
          error={errors.end_count}
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              type="text"
              inputMode="numeric"
              maxLength={3}
              value={count}
              onChange={(e) => setCount(e.target.value.trim())}
            />
          )}
        </FormField>
      ) : null}
      {frequency !== 'once' && end === 'on_date' ? (
        <FormField id="schedule-end-on" label={<Trans>Last transfer on or before</Trans>} error={errors.end_date}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              type="date"
              min={start}
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
            />
          )}
        </FormField>
      ) : null}
      <FormField
        id="schedule-min-rate"
        label={<Trans>Only send if 1 {from} buys at least (optional)</Trans>}
        hint={
          <Trans>
            Today 1 {from} buys {rate} {to}. Below your limit, that transfer is not sent and we tell you.
          </Trans>
        }
        error={errors.min_rate}
        suffix={to}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={18}
            value={minRate}
            onChange={(e) => setMinRate(e.target.value)}
          />
        )}
      </FormField>
      <fieldset className={styles.choices} aria-describedby={errors.payment ? 'schedule-payment-error' : undefined}>
        <legend className={styles.legend}>
          <Trans>Pay each transfer with</Trans>
        </legend>
        {errors.payment ? (
          <p id="schedule-payment-error" className={styles.muted} role="alert">
            {errors.payment}
          </p>
        ) : null}
        {walletOffered ? (
          <div className={styles.choice}>
            <input
              id="schedule-pay-wallet"
              type="radio"
              name="schedule-payment"
              checked={payment === 'wallet'}
              aria-describedby="schedule-pay-wallet-hint"
              onChange={() => setPayment('wallet')}
            />
            <label htmlFor="schedule-pay-wallet">
              <Trans>My {from} wallet</Trans>
            </label>
            <span id="schedule-pay-wallet-hint" className={styles.hint}>
              <Trans>The day before, we tell you if it needs topping up.</Trans>
            </span>
          </div>
        ) : null}
        {usable.map((option) => {
          const id = `schedule-pay-${option.card_id}`;
          const label = `${option.brand} •••• ${option.last4}`;
          return (
            <div key={option.card_id} className={styles.choice}>
              <input
                id={id}
                type="radio"
                name="schedule-payment"
                checked={payment === option.card_id}
                onChange={() => setPayment(option.card_id)}
              />
              <label htmlFor={id}>{label}</label>
            </div>
          );
        })}
      </fieldset>
      {card ? (
        <CheckboxField
          id="schedule-card-consent"
          label={
            <Trans>
              I allow Sarraf to charge this card for each transfer of this schedule, without asking me each time.
            </Trans>
          }
          hint={<Trans>If my bank asks me to confirm a payment, Sarraf tells me.</Trans>}
          error={errors.card_consent}
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        <Trans>Set up schedule</Trans>
      </button>
    </form>
  );
}
