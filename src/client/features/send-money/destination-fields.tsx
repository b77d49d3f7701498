import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { PAYOUT_TYPE_NAMES } from '../../lib/payout-type-names.ts';
import { DeliveryWithin } from './arrives-by.tsx';
import { type Destination, defaultPayoutType } from './corridors.ts';
import { DestinationPicker } from './destination-picker.tsx';
import { NewPayoutMethodHint } from './new-payout-method-hint.tsx';
import styles from './quote-form.module.css';

interface DestinationFieldsProps {
  destinations: readonly Destination[];
  /** `city`: a Somaliland city's code, chosen in the picker (the country is then Somalia) */
  value: { country: string; payoutType: PayoutType; city?: string | undefined } | undefined;
  error: string | undefined;
  countryFieldId: string;
  /** the country field's label: "Send to" unless given */
  countryLabel?: ReactNode;
  onChange: (country: string, payoutType: PayoutType | undefined, city: string | undefined) => void;
}

/**
 * Where the money goes (a country from fx-rates, or a Somaliland city paid out as Somalia) and how it is received
 * there (that country's payout types), with the new-payout-method card over them where the country offers card
 * payouts.
 */
export function DestinationFields({
  destinations,
  value,
  error,
  countryFieldId,
  countryLabel,
  onChange,
}: DestinationFieldsProps) {
  const { i18n } = useLingui();
  const chosen = destinations.find((d) => d.country === value?.country);

  return (
    <>
      <DestinationPicker
        destinations={destinations}
        value={value}
        error={error}
        fieldId={countryFieldId}
        label={countryLabel ?? <Trans>Send to</Trans>}
        onChoose={({ country, city }) => {
          const destination = destinations.find((d) => d.country === country);
          onChange(country, destination ? defaultPayoutType(destination) : undefined, city);
        }}
      />
      {chosen?.options.some((option) => option.payout_type === 'card') ? <NewPayoutMethodHint /> : null}
      {chosen ? (
        <fieldset className={styles.payoutTypes}>
          <legend className={styles.legend}>
            <Trans>How they receive the money</Trans>
          </legend>
          {chosen.options.map((option) => {
            const id = `payout-type-${option.payout_type}`;
            return (
              <div key={option.payout_type} className={styles.payoutType}>
                <input
                  id={id}
                  type="radio"
                  name="payout-type"
                  value={option.payout_type}
                  checked={value?.payoutType === option.payout_type}
                  aria-describedby={`${id}-hint`}
                  onChange={() => onChange(chosen.country, option.payout_type, value?.city)}
                />
                <label htmlFor={id}>{i18n._(PAYOUT_TYPE_NAMES[option.payout_type])}</label>
                <span id={`${id}-hint`} className={styles.payoutHint}>
                  {option.destination_currency_code} · <DeliveryWithin hours={option.delivery_hours} />
                </span>
              </div>
            );
          })}
        </fieldset>
      ) : null}
    </>
  );
}
