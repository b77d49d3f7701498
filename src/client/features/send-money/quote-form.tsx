import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { Quote } from '../../../domain/contract/quotes.ts';
import type { FxRateOption } from '../../../domain/contract/rates.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import type { AmountType } from '../../../domain/pricing.ts';
import { useClientFeatures } from '../../lib/client-features.ts';
import { secondsLeft, useCountdown } from '../../lib/countdown.ts';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary, type SummaryError } from '../../ui/error-summary.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { formatAmountEntry } from './amount-entry.ts';
import { currencyOf } from './corridor-check.ts';
import { destinationsOf, findOption } from './corridors.ts';
import { DestinationFields } from './destination-fields.tsx';
import { PayoutPlaces } from './payout-places.tsx';
import { PromoField } from './promo-field.tsx';
import styles from './quote-form.module.css';
import { QuoteSummary } from './quote-summary.tsx';
import { type SendMoneyDraft, updateSendMoneyDraft, withQuote } from './send-money-draft.ts';
import { type HeldQuote, type QuoteInput, useQuoteRequest } from './use-quote-request.ts';

const FIELD_IDS = { destination: 'destination-country', SOURCE: 'send-amount', DESTINATION: 'receive-amount' } as const;

function quoteFits(quote: Quote, option: FxRateOption | undefined): boolean {
  return (
    option !== undefined &&
    quote.destination_country_iso2 === option.destination_country_iso2 &&
    quote.payout_type === option.payout_type
  );
}

/** The amount a quote gives for `side`, as its field shows it. */
function quotedText(quote: Quote, side: AmountType, locale: string): string {
  const [amount, currency] =
    side === 'SOURCE' ? [quote.send_amount, quote.source_currency] : [quote.receive_amount, quote.destination_currency];
  return formatAmountEntry(parseMinor(amount, currency), currency, locale);
}

interface QuoteFormProps {
  options: FxRateOption[];
  draft: SendMoneyDraft;
}

/**
 * The quote (SPEC §2 screens: you send, rate, they receive, payout option,
 * fee, total, rate expiry). Typing in "You send" fixes what is sent
 * (SOURCE); typing in "They receive" fixes what arrives (DESTINATION); the
 * other field shows the quote's answer.
 */
export function QuoteForm({ options, draft }: QuoteFormProps) {
  const { i18n, t } = useLingui();
  const locale = i18n.locale;
  const store = useStore();
  const navigate = useNavigate();
  const destinations = useMemo(() => destinationsOf(options, locale), [options, locale]);

  const startOption = findOption(options, draft.destination);
  const startQuote = draft.quote && quoteFits(draft.quote.quote, startOption) ? draft.quote : undefined;
  const [destination, setDestination] = useState(startOption ? draft.destination : undefined);
  const option = findOption(options, destination);
  const [side, setSide] = useState<AmountType>(draft.amount?.type ?? 'SOURCE');
  const [texts, setTexts] = useState<Record<AmountType, string>>(() => {
    const typed = draft.amount?.value ?? '';
    const start: Record<AmountType, string> = { SOURCE: '', DESTINATION: '' };
    const typedSide = draft.amount?.type ?? 'SOURCE';
    start[typedSide] = typed;
    if (startQuote) {
      const other = typedSide === 'SOURCE' ? 'DESTINATION' : 'SOURCE';
      start[other] = quotedText(startQuote.quote, other, locale);
    }
    return start;
  });
  const [held, setHeld] = useState<HeldQuote | undefined>(startQuote);
  const [promo, setPromo] = useState<string | undefined>(startQuote?.quote.promo_code ?? undefined);
  const [promoRefused, setPromoRefused] = useState(false);
  const promoCodes = useClientFeatures().promo_codes;
  const [destinationError, setDestinationError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const renewRef = useRef<HTMLButtonElement>(null);
  /** The draft write of the latest quote: the next step reads the draft, so Continue waits for it. */
  const draftSaved = useRef<Promise<unknown>>(Promise.resolve());

  const quoting = useQuoteRequest(startQuote, (next: HeldQuote, input: QuoteInput) => {
    const other = input.side === 'SOURCE' ? 'DESTINATION' : 'SOURCE';
    setTexts((current) => ({ ...current, [other]: quotedText(next.quote, other, locale) }));
    setHeld(next);
    draftSaved.current = updateSendMoneyDraft(
      (current) =>
        withQuote(current, {
          // the picker's Somaliland city stays with the country it was chosen for
          destination: {
            ...current.destination,
            country: input.option.destination_country_iso2,
            payoutType: input.option.payout_type,
          },
          amount: { value: input.text, type: input.side },
          quote: next,
        }),
      store,
    );
  });
  const left = useCountdown(held?.expiresAt);
  const expired = left === 0;

  // A draft with an amount but no live quote for it (saved mid-way): price it again now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the draft the screen opened with
  useEffect(() => {
    if (startOption && draft.amount && !startQuote) {
      quoting.request({ option: startOption, side: draft.amount.type, text: draft.amount.value }, 0);
    }
  }, []);

  // a refused promo code: say so on its field and price the same amount without it
  useEffect(() => {
    if (quoting.problem?.kind !== 'promo') return;
    setPromo(undefined);
    setPromoRefused(true);
    quoting.request({ ...quoting.problem.input, promo: undefined }, 0);
  }, [quoting.problem, quoting.request]);

  const requestFor = (
    nextOption: FxRateOption | undefined,
    nextSide: AmountType,
    text: string,
    delayMs?: number,
    nextPromo: string | null = promo ?? null,
  ) => {
    const other = nextSide === 'SOURCE' ? 'DESTINATION' : 'SOURCE';
    if (!nextOption || text.trim() === '') {
      quoting.reset();
      setTexts((current) => ({ ...current, [other]: '' }));
      return;
    }
    if (!quoting.request({ option: nextOption, side: nextSide, text, promo: nextPromo ?? undefined }, delayMs)) {
      setTexts((current) => ({ ...current, [other]: '' }));
    }
  };

  const changeDestination = (country: string, payoutType: PayoutType | undefined, city: string | undefined) => {
    const next = payoutType ? { country, payoutType, ...(city ? { city } : {}) } : undefined;
    const nextOption = findOption(options, next);
    // another currency makes a typed "they receive" amount meaningless: keep what they send
    const keepSide =
      side === 'SOURCE' ||
      (option !== undefined &&
        nextOption !== undefined &&
        currencyOf(option, 'DESTINATION') === currencyOf(nextOption, 'DESTINATION'));
    const nextSide: AmountType = keepSide ? side : 'SOURCE';
    setDestination(next);
    setDestinationError(undefined);
    setHeld(undefined);
    setSide(nextSide);
    if (!keepSide) setTexts((current) => ({ ...current, DESTINATION: '' }));
    if (next) {
      void updateSendMoneyDraft((current) => {
        const { quote: _stale, ...rest } = current;
        return withQuote(rest, { destination: next, amount: current.amount ?? { value: '', type: nextSide } });
      }, store);
    }
    requestFor(nextOption, nextSide, texts[nextSide], 0);
  };

  const typeAmount = (typedSide: AmountType, text: string) => {
    setSide(typedSide);
    setTexts((current) => ({ ...current, [typedSide]: text }));
    // kept as typed (a reload or going offline before the quote answers loses nothing); the old quote no longer fits
    void updateSendMoneyDraft(
      ({ quote: _stale, ...rest }) => ({ ...rest, amount: { value: text, type: typedSide } }),
      store,
    );
    requestFor(option, typedSide, text);
  };

  const renew = () => requestFor(option, side, texts[side], 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    if (!option) {
      setDestinationError(t`Choose where to send the money`);
      return;
    }
    setSubmitting(true);
    try {
      if (texts[side].trim() === '') quoting.request({ option, side, text: '' });
      const current = await quoting.flush();
      if (!current) return;
      if (secondsLeft(current.expiresAt, Date.now()) === 0) {
        renewRef.current?.focus();
        return;
      }
      await draftSaved.current;
      await navigate({ to: '/send-money/self-info' });
    } finally {
      setSubmitting(false);
    }
  };

  const amountProblem = quoting.problem?.kind === 'amount' && !quoting.problem.empty ? quoting.problem : undefined;
  const submitAmountProblem = quoting.problem?.kind === 'amount' ? quoting.problem.message : undefined;
  const summaryErrors: SummaryError[] = [
    ...(destinationError ? [{ fieldId: FIELD_IDS.destination, message: destinationError }] : []),
    ...(submitAmountProblem && attempt > 0 ? [{ fieldId: FIELD_IDS[side], message: submitAmountProblem }] : []),
  ];
  const fieldError = (fieldSide: AmountType) =>
    fieldSide !== side ? undefined : attempt > 0 ? submitAmountProblem : amountProblem?.message;

  const limitsHint = (fieldSide: AmountType) => {
    if (!option) return undefined;
    const currency = currencyOf(option, fieldSide);
    const [min, max] =
      fieldSide === 'SOURCE'
        ? [option.min_send_amount, option.max_send_amount]
        : [option.min_destination_amount, option.max_destination_amount];
    const from = displayMoney(parseMinor(min, currency), currency, locale);
    const to = displayMoney(parseMinor(max, currency), currency, locale);
    return t`From ${from} to ${to}`;
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={summaryErrors} attempt={attempt} />
      <DestinationFields
        destinations={destinations}
        value={destination}
        error={destinationError}
        countryFieldId={FIELD_IDS.destination}
        onChange={changeDestination}
      />
      {option ? (
        <>
          <div className={styles.amounts}>
            {(['SOURCE', 'DESTINATION'] as const).map((fieldSide) => (
              <FormField
                key={fieldSide}
                id={FIELD_IDS[fieldSide]}
                label={fieldSide === 'SOURCE' ? <Trans>You send</Trans> : <Trans>They receive</Trans>}
                hint={limitsHint(fieldSide)}
                error={fieldError(fieldSide)}
                suffix={currencyOf(option, fieldSide)}
              >
                {(control) => (
                  <input
                    {...control}
                    className={inputClass}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={texts[fieldSide]}
                    onChange={(event) => typeAmount(fieldSide, event.target.value)}
                  />
                )}
              </FormField>
            ))}
          </div>
          <PayoutPlaces country={option.destination_country_iso2} payoutType={option.payout_type} />
          {promoCodes ? (
            <PromoField
              applied={held?.quote.promo_code ?? undefined}
              refused={promoRefused}
              onApply={(code) => {
                setPromo(code);
                setPromoRefused(false);
                requestFor(option, side, texts[side], 0, code ?? null);
              }}
            />
          ) : null}
          {quoting.problem?.kind === 'network' || quoting.problem?.kind === 'rates' ? (
            <div role="alert" className={styles.problem}>
              <p>
                {quoting.problem.kind === 'rates' ? (
                  <Trans>Our rates are being updated. Try again in a few minutes.</Trans>
                ) : (
                  <Trans>We could not get a rate. Check your connection and try again.</Trans>
                )}
              </p>
              <button type="button" className={buttonClass('secondary')} onClick={renew}>
                <Trans>Try again</Trans>
              </button>
            </div>
          ) : null}
          <p role="status" className={styles.status}>
            {quoting.pending ? <Trans>Getting your rate…</Trans> : null}
          </p>
          {held && (!quoting.problem || quoting.problem.kind === 'promo') ? (
            <QuoteSummary
              held={held}
              payoutType={option.payout_type}
              secondsLeft={left}
              expired={expired}
              renewRef={renewRef}
              renewing={quoting.pending}
              onRenew={renew}
            />
          ) : null}
        </>
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={submitting}>
        {submitting ? <Trans>Checking your rate…</Trans> : <Trans>Continue</Trans>}
      </button>
    </form>
  );
}
