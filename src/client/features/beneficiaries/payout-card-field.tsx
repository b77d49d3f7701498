import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import type { CardProblem } from '../../lib/card-payment/card-entry.ts';
import { formatCardNumber, formatExpiry } from '../../lib/card-payment/card-entry.ts';
import { countryInText } from '../../lib/country-in-text.ts';
import { buttonClass } from '../../ui/button.ts';
import { TextField } from '../../ui/text-field.tsx';
import styles from './beneficiary-form.module.css';

/** A recipient's card as typed: it goes to the card payout gateway, never to our API or a draft. */
export interface PayoutCardEntry {
  number: string;
  expiry: string;
}

export type PayoutCardProblems = Partial<Record<keyof PayoutCardEntry, CardProblem>>;

export const PAYOUT_CARD_PROBLEMS: Readonly<Partial<Record<CardProblem, MessageDescriptor>>> = {
  number_required: msg`Enter the card number`,
  number_invalid: msg`Enter a valid card number`,
  brand_not_accepted: msg`We pay out only to Visa and Mastercard cards`,
  expiry_invalid: msg`Enter the expiry date as MM/YY`,
  expired: msg`This card has expired`,
};

/** The ids the error summary links to: the number input is the schema field's own. */
export const CARD_INPUT_IDS = { number: 'recipient-card_token', expiry: 'recipient-card_expiry' } as const;

const BRAND_NAMES: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard' };

interface PayoutCardFieldProps {
  country: string;
  /** the recipient's card on file, when editing one; its number is never shown */
  kept: Beneficiary['card'];
  /** whether a card is being typed (always, without one on file) */
  entering: boolean;
  onEnter: () => void;
  entry: PayoutCardEntry;
  onEntry: (entry: PayoutCardEntry) => void;
  /** messages for the number (or the card as a whole) and the expiry */
  errors: { number?: string; expiry?: string };
}

/**
 * The card field of a card-payout recipient form (SPEC §1 card payout): the
 * card on file (brand, last four, expiry, whether it has expired) or the
 * number and expiry of a new one. The card must be in the recipient's name.
 */
export function PayoutCardField({ country, kept, entering, onEnter, entry, onEntry, errors }: PayoutCardFieldProps) {
  const { i18n, t } = useLingui();
  const where = countryInText(i18n.locale, country);
  const brand = kept ? (BRAND_NAMES[kept.brand] ?? kept.brand) : '';
  const last4 = kept?.last4;
  const expire = kept?.expire;
  return (
    <fieldset className={styles.cardFieldset}>
      <legend className={styles.cardLegend}>
        <Trans>Recipient's card</Trans>
      </legend>
      <p className={styles.cardHint}>
        <Trans>
          A Visa or Mastercard issued in {where}, in the recipient's name. The card number goes straight to our card
          processor; we keep only its last four digits.
        </Trans>
      </p>
      {kept && !entering ? (
        <div className={styles.keptCard}>
          <p>
            <Trans>
              {brand} •••• {last4}, expires {expire}
            </Trans>
          </p>
          {kept.is_expired ? (
            <p className={styles.cardExpired}>
              <Trans>This card has expired. Enter the recipient's new card.</Trans>
            </p>
          ) : null}
          {errors.number ? <p className={styles.cardExpired}>{errors.number}</p> : null}
          <button type="button" className={buttonClass('secondary')} onClick={onEnter}>
            <Trans>Use another card</Trans>
          </button>
        </div>
      ) : (
        <>
          <TextField
            id={CARD_INPUT_IDS.number}
            name="card_number"
            label={<Trans>Card number</Trans>}
            error={errors.number}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={23}
            value={entry.number}
            onValue={(typed) => onEntry({ ...entry, number: formatCardNumber(typed) })}
          />
          <TextField
            id={CARD_INPUT_IDS.expiry}
            name="card_expiry"
            label={<Trans>Expiry date</Trans>}
            hint={<Trans>MM/YY</Trans>}
            error={errors.expiry}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t`MM/YY`}
            maxLength={5}
            value={entry.expiry}
            onValue={(typed) => onEntry({ ...entry, expiry: formatExpiry(typed, entry.expiry) })}
          />
        </>
      )}
    </fieldset>
  );
}
