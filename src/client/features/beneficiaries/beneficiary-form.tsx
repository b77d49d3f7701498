import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { checkBeneficiary } from '../../../domain/beneficiary-rules.ts';
import { NAME_FIELDS } from '../../../domain/beneficiary-schema.ts';
import { mobileConfirmationProblem, payoutMobileField } from '../../../domain/confirm-mobile.ts';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { recipientMobile } from '../../../domain/recipient-sms.ts';
import { utcCalendarDate } from '../../../domain/rules.ts';
import { useClientFeatures } from '../../lib/client-features.ts';
import { buttonClass } from '../../ui/button.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import {
  AccountSearchStatus,
  accountSearchErrors,
  searchAllowsSaving,
  withSearchedNames,
} from './account-search-status.tsx';
import styles from './beneficiary-form.module.css';
import { fieldChoices } from './field-choices.ts';
import { fieldLabel } from './field-labels.ts';
import { fieldMessage } from './field-messages.ts';
import { type LoadedSchema, sourceChoices } from './load-beneficiary-schema.ts';
import { CONFIRMATION_FIELD, mobileConfirmationText } from './mobile-confirmation.ts';
import { CARD_INPUT_IDS, PayoutCardField } from './payout-card-field.tsx';
import { RecipientCardCountryDialog } from './recipient-card-country-dialog.tsx';
import { SchemaField } from './schema-field.tsx';
import { useAccountSearch } from './use-account-search.ts';
import { CARD_COUNTRY_ERROR, CARD_EXPIRY_ERROR, usePayoutCardEntry } from './use-payout-card-entry.ts';

const SEARCH_STATUS_ID = 'recipient-account-search';

/** Messages by field name. */
export type FieldErrors = Readonly<Record<string, string>>;

interface BeneficiaryFormProps {
  loaded: LoadedSchema;
  initialValues?: Readonly<Record<string, string>>;
  /** the recipient's values as saved, when it is one being changed: its mobile number is confirmed only if changed */
  saved?: Readonly<Record<string, string>>;
  /** a card recipient's card on file (its `card_token` is in the values) */
  initialCard?: Beneficiary['card'];
  submitLabel: ReactNode;
  submittingLabel: ReactNode;
  /**
   * Offer to tell the recipient by SMS when the money is there (ticked as given), shown only while the form
   * has a mobile number; absent: not offered.
   */
  smsOptIn?: boolean;
  /**
   * Called with the checked, canonical values, whether to text the recipient and the mobile number typed again
   * (when asked for); answers the server's field errors, if any.
   */
  onSubmit: (
    values: Record<string, string>,
    notifyBySms: boolean,
    mobileConfirmation: string | undefined,
  ) => Promise<FieldErrors | undefined>;
  /** Called with the values as typed, after each change (to keep a draft). */
  onValuesChange?: (values: Record<string, string>) => void;
}

/** What the form calls with what it saves. */
export type SubmitRecipient = BeneficiaryFormProps['onSubmit'];

/**
 * A recipient form rendered from the corridor's schema, field by field, in
 * the schema's order: nothing here knows a country. On submit the values are
 * checked with the same `validateBeneficiary` rules the server runs. A
 * mobile-money recipient's number, new or changed, is typed a second time
 * right under it (SPEC §9 confirm-mobile, while the deployment asks for it).
 */
export function BeneficiaryForm({
  loaded,
  initialValues,
  saved,
  initialCard,
  submitLabel,
  submittingLabel,
  smsOptIn,
  onSubmit,
  onValuesChange,
}: BeneficiaryFormProps) {
  const { i18n, t } = useLingui();
  const { schema, sources } = loaded;
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...initialValues }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const card = usePayoutCardEntry(loaded, initialCard);
  const [notifyBySms, setNotifyBySms] = useState(smsOptIn === true);
  const smsOffered = smsOptIn !== undefined && recipientMobile(schema.fields, values) !== undefined;
  // SPEC §5: where the account is searched, the names are its holder's, and saving waits for the answer
  const search = useAccountSearch(loaded, values);
  const sent = withSearchedNames(values, search);
  const shownErrors = { ...errors, ...accountSearchErrors(i18n, search, schema.destination_currency) };
  const blocked = !searchAllowsSaving(search);
  const [confirmation, setConfirmation] = useState('');
  const mobileForm = payoutMobileField(schema);
  const payoutMobile = useClientFeatures(mobileForm !== undefined).confirm_mobile ? mobileForm : undefined;
  // a new recipient's number always; a saved one's once it changes
  const asksConfirmation =
    payoutMobile !== undefined && (!saved || mobileConfirmationProblem(schema, values, undefined, saved) !== undefined);

  const typed = useRef(onValuesChange);
  typed.current = onValuesChange;
  const changed = useRef(false);
  useEffect(() => {
    if (changed.current) typed.current?.(values);
  }, [values]);

  // "Add a new card" (SPEC §8's issuer-country modal): the number is entered again, focus on it once the modal is gone
  const [newCard, setNewCard] = useState(0);
  useEffect(() => {
    if (newCard > 0) document.getElementById(CARD_INPUT_IDS.number)?.focus();
  }, [newCard]);
  const addNewCard = () => {
    setErrors(({ [CARD_COUNTRY_ERROR]: _refused, ...rest }) => rest);
    card.enter();
    card.setEntry({ number: '', expiry: '' });
    setNewCard((n) => n + 1);
  };

  const change = (name: string, value: string) => {
    changed.current = true;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const fail = (found: FieldErrors) => {
    setErrors(found);
    setAttempt((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    const checked = checkBeneficiary(schema, sent, {
      today: utcCalendarDate(new Date()),
      choices: sourceChoices(sources),
    });
    // a card being typed has no token yet: it gets one from the gateway once everything else holds
    const found = [
      ...checked.errors
        .filter((e) => !(card.entering && e.field === card.fieldName))
        .map((e) => [e.field, fieldMessage(i18n, e.message, e.params)] as const),
      ...card.problems(),
    ];
    const unconfirmed = asksConfirmation && mobileConfirmationProblem(schema, values, confirmation, saved);
    if (unconfirmed && !found.some(([name]) => name === payoutMobile?.name)) {
      found.push([CONFIRMATION_FIELD, mobileConfirmationText(i18n, unconfirmed)]);
    }
    if (found.length > 0) {
      fail(Object.fromEntries(found));
      return;
    }
    // the last save's refusals are answered by this one: none stays behind what it brings (the account-name dialog)
    setErrors({});
    setSubmitting(true);
    try {
      const tokenized = await card.tokenize(checked.values);
      if ('errors' in tokenized) {
        fail(tokenized.errors);
        return;
      }
      const refused = await onSubmit(
        tokenized.values,
        smsOffered && notifyBySms,
        asksConfirmation ? confirmation : undefined,
      );
      if (refused && Object.keys(refused).length > 0) fail(refused);
    } finally {
      setSubmitting(false);
    }
  };

  const payoutMobileLabel = payoutMobile ? i18n._(fieldLabel(payoutMobile)) : '';
  const confirmationLabel = t`${payoutMobileLabel}, typed again to confirm`;
  // the summary names each field (the typed-again number right after the number): "This field is required" alone
  // would not say which
  const summary = [
    ...schema.fields.flatMap((field) => {
      const named: [string, string][] = [[field.name, i18n._(fieldLabel(field))]];
      if (asksConfirmation && field === payoutMobile) named.push([CONFIRMATION_FIELD, confirmationLabel]);
      return named.flatMap(([name, label]) => {
        const message = shownErrors[name];
        return message ? [{ fieldId: `recipient-${name}`, message: t`${label}: ${message}` }] : [];
      });
    }),
    ...card.summary(errors),
  ];

  return (
    <>
      <form noValidate className={styles.form} onSubmit={(event) => void submit(event)}>
        <ErrorSummary errors={summary} attempt={attempt} />
        {schema.fields.map((field) =>
          field.type === 'card_token' ? (
            <PayoutCardField
              key={field.name}
              country={schema.destination_country}
              kept={initialCard}
              entering={card.entering}
              onEnter={card.enter}
              entry={card.entry}
              onEntry={(entry) => {
                card.setEntry(entry);
                setErrors(({ [field.name]: _fixed, [CARD_EXPIRY_ERROR]: _expiry, ...rest }) => rest);
              }}
              errors={{ number: errors[field.name], expiry: errors[CARD_EXPIRY_ERROR] }}
            />
          ) : (
            <Fragment key={field.name}>
              <SchemaField
                field={field}
                country={schema.destination_country}
                value={sent[field.name] ?? ''}
                error={shownErrors[field.name]}
                choices={fieldChoices(i18n, field, field.data_source ? sources[field.data_source] : undefined)}
                filledBySearch={search !== undefined && NAME_FIELDS.some((name) => name === field.name)}
                onChange={(value) => change(field.name, value)}
              />
              {search && field.name === search.rule.account_field ? (
                <AccountSearchStatus id={SEARCH_STATUS_ID} search={search} />
              ) : null}
              {asksConfirmation && field === payoutMobile ? (
                <SchemaField
                  field={{ ...field, name: CONFIRMATION_FIELD }}
                  label={confirmationLabel}
                  country={schema.destination_country}
                  value={confirmation}
                  error={errors[CONFIRMATION_FIELD]}
                  choices={undefined}
                  onChange={(value) => {
                    setConfirmation(value);
                    setErrors(({ [CONFIRMATION_FIELD]: _fixed, ...rest }) => rest);
                  }}
                />
              ) : null}
            </Fragment>
          ),
        )}
        {smsOffered ? (
          <CheckboxField
            id="recipient-notify-by-sms"
            label={<Trans>Text the recipient when the money is ready to collect or has arrived</Trans>}
            hint={<Trans>One SMS to the mobile number above, in Somali in Somalia and in English elsewhere.</Trans>}
            checked={notifyBySms}
            onChange={(event) => setNotifyBySms(event.target.checked)}
          />
        ) : null}
        <button
          type="submit"
          className={buttonClass('primary')}
          disabled={submitting || blocked}
          aria-describedby={search ? SEARCH_STATUS_ID : undefined}
        >
          {submitting ? submittingLabel : submitLabel}
        </button>
      </form>
      {errors[CARD_COUNTRY_ERROR] ? (
        <RecipientCardCountryDialog country={schema.destination_country} onAddCard={addNewCard} />
      ) : null}
    </>
  );
}
