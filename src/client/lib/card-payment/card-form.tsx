import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { AdyenCardFields } from '../../../domain/contract/card-gateway.ts';
import { cardBrand } from '../../../domain/payments.ts';
import { buttonClass } from '../../ui/button.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { TextField } from '../../ui/text-field.tsx';
import {
  type CardField,
  type CardInput,
  type CardProblem,
  checkCard,
  formatCardNumber,
  formatExpiry,
} from './card-entry.ts';
import styles from './card-form.module.css';

const PROBLEM_MESSAGES: Readonly<Record<CardProblem, MessageDescriptor>> = {
  name_required: msg`Enter the name on the card`,
  number_required: msg`Enter the card number`,
  number_invalid: msg`Enter a valid card number`,
  brand_not_accepted: msg`We do not accept this card type. Use a Visa or Mastercard.`,
  expiry_invalid: msg`Enter the expiry date as MM/YY`,
  expired: msg`Your card has expired. Use another card.`,
  cvc_invalid: msg`Enter the 3 or 4 digit security code`,
};

const FIELD_IDS: Readonly<Record<CardField, string>> = {
  name: 'card-name',
  number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
};

const EMPTY: CardInput = { name: '', number: '', expiry: '', cvc: '' };

export type CardProblems = Partial<Record<CardField, CardProblem>>;

export type ValidCard = Extract<ReturnType<typeof checkCard>, { ok: true }>['card'];

/**
 * A new card as the card fields hand it over: the sandbox's, typed into our
 * form and tokenized at its gateway; or Adyen's, encrypted by Adyen's own
 * component, which we never see in clear.
 */
export type NewCard =
  | { gateway: 'sandbox'; tokensUrl: string; card: ValidCard }
  | { gateway: 'adyen'; fields: AdyenCardFields };

/** What became of a card: fields the gateway refused; declined (cleared for another card); or nothing to do here. */
export type CardOutcome = { refused: CardProblems } | { declined: true } | undefined;

/** What the customer chose beside the card: `save`, their consent to keep it for later (only asked with `consent`). */
export interface CardChoices {
  save: boolean;
}

export interface CardFormProps {
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  /** the label of a box the customer ticks to have the card saved; no box without it */
  consent?: ReactNode;
  onCard: (card: NewCard, choices: CardChoices) => Promise<CardOutcome>;
  /** the customer changed the card: an earlier attempt's outcome no longer applies */
  onEdit: () => void;
}

/**
 * Card details (SPEC §2 payment screen). They are checked here and then go
 * to the card gateway only; the browser's card autofill fills them.
 */
/** The sandbox gateway's form: where the server said the card is tokenized. */
export function CardForm({
  submitLabel,
  busyLabel,
  consent,
  onCard,
  onEdit,
  tokensUrl,
}: CardFormProps & { tokensUrl: string }) {
  const { i18n, t } = useLingui();
  const [input, setInput] = useState<CardInput>(EMPTY);
  const [problems, setProblems] = useState<CardProblems>({});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [save, setSave] = useState(false);

  const edit = (field: CardField, value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest);
    onEdit();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCard(input, new Date());
    if (!checked.ok) {
      setProblems(checked.problems);
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const outcome = await onCard(
        { gateway: 'sandbox', tokensUrl, card: checked.card },
        { save: consent !== undefined && save },
      );
      if (outcome && 'refused' in outcome) {
        setProblems(outcome.refused);
        setAttempt((n) => n + 1);
      } else if (outcome?.declined) {
        setInput((current) => ({ ...current, number: '', cvc: '' }));
      }
    } finally {
      setBusy(false);
    }
  };

  const message = (field: CardField) => {
    const problem = problems[field];
    return problem ? i18n._(PROBLEM_MESSAGES[problem]) : undefined;
  };
  const summary = (Object.keys(FIELD_IDS) as CardField[]).flatMap((field) => {
    const text = message(field);
    return text ? [{ fieldId: FIELD_IDS[field], message: text }] : [];
  });
  const amex = cardBrand(input.number) === 'amex';

  return (
    <CardFormFrame onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={summary} attempt={attempt} />
      <TextField
        id={FIELD_IDS.name}
        label={<Trans>Name on card</Trans>}
        error={message('name')}
        autoComplete="cc-name"
        autoCapitalize="words"
        spellCheck={false}
        maxLength={256}
        value={input.name}
        onValue={(value) => edit('name', value)}
      />
      <TextField
        id={FIELD_IDS.number}
        label={<Trans>Card number</Trans>}
        error={message('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        spellCheck={false}
        maxLength={23}
        value={input.number}
        onValue={(value) => edit('number', formatCardNumber(value))}
      />
      <div className={styles.cardRow}>
        <TextField
          id={FIELD_IDS.expiry}
          label={<Trans>Expiry date</Trans>}
          hint={<Trans>MM/YY</Trans>}
          error={message('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t`MM/YY`}
          maxLength={5}
          value={input.expiry}
          onValue={(value) => edit('expiry', formatExpiry(value, input.expiry))}
        />
        <TextField
          id={FIELD_IDS.cvc}
          label={<Trans>Security code</Trans>}
          hint={amex ? <Trans>4 digits on the front</Trans> : <Trans>3 digits on the back</Trans>}
          error={message('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={input.cvc}
          onValue={(value) => edit('cvc', value.replace(/\D/g, ''))}
        />
      </div>
      <SaveAndSubmit
        consent={consent}
        save={save}
        onSave={(checked) => {
          setSave(checked);
          onEdit();
        }}
        busy={busy}
        busyLabel={busyLabel}
        submitLabel={submitLabel}
      />
    </CardFormFrame>
  );
}

/** The end of either gateway's card form: the box that saves the card (when it is offered) and the submit button. */
export function SaveAndSubmit(props: {
  consent: ReactNode | undefined;
  save: boolean;
  onSave: (checked: boolean) => void;
  busy: boolean;
  busyLabel: ReactNode;
  submitLabel: ReactNode;
}) {
  return (
    <>
      {props.consent ? (
        <CheckboxField
          id="card-save"
          label={props.consent}
          checked={props.save}
          onChange={(event) => props.onSave(event.target.checked)}
        />
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={props.busy}>
        {props.busy ? props.busyLabel : props.submitLabel}
      </button>
    </>
  );
}

/** Either gateway's card form: its heading, what we take, and the fields the gateway's form puts inside. */
export function CardFormFrame({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form noValidate className={styles.cardForm} onSubmit={onSubmit} aria-labelledby="card-form-title">
      <h2 id="card-form-title">
        <Trans>Pay by card</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>We accept Visa and Mastercard. Your card details go straight to our card processor.</Trans>
      </p>
      {children}
    </form>
  );
}
