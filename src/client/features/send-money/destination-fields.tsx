import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { SOMALILAND_CITIES, SOMALILAND_COUNTRY } from '../../../domain/somaliland.ts';
import { PAYOUT_TYPE_NAMES } from '../../lib/payout-type-names.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { DeliveryWithin } from './arrives-by.tsx';
import { type Destination, defaultPayoutType } from './corridors.ts';
import { NewPayoutMethodHint } from './new-payout-method-hint.tsx';
import styles from './quote-form.module.css';

interface DestinationFieldsProps {
  destinations: readonly Destination[];
  value: { country: string; payoutType: PayoutType } | undefined;
  error: string | undefined;
  countryFieldId: string;
  /** the country field's label: "Send to" unless given */
  countryLabel?: ReactNode;
  onChange: (country: string, payoutType: PayoutType | undefined) => void;
}

/**
 * Where the money goes (a country from fx-rates) and how it is received there (that country's payout types), with
 * the new-payout-method card over them where the country offers card payouts.
 */
export function DestinationFields({
  destinations,
  value,
  error,
  countryFieldId,
  countryLabel,
  onChange,
}: DestinationFieldsProps) {
  const { i18n, t } = useLingui();
  const chosen = destinations.find((d) => d.country === value?.country);
  const [city, setCity] = useState<string>();
  const somalia = destinations.find((d) => d.country === SOMALILAND_COUNTRY);

  return (
    <>
      <FormField id={countryFieldId} label={countryLabel ?? <Trans>Send to</Trans>} error={error}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={
              city && value?.country === SOMALILAND_COUNTRY ? `${SOMALILAND_COUNTRY}:${city}` : (value?.country ?? '')
            }
            onChange={(event) => {
              const [country = '', cityCode] = event.target.value.split(':');
              setCity(cityCode);
              const destination = destinations.find((d) => d.country === country);
              onChange(country, destination ? defaultPayoutType(destination) : undefined);
            }}
          >
            <option value="" disabled>
              {t`Choose a country`}
            </option>
            {destinations.map((destination) => (
              <option key={destination.country} value={destination.country}>
                {destination.name}
              </option>
            ))}
            {somalia ? (
              <optgroup label={t`Somaliland`}>
                {SOMALILAND_CITIES.map((c) => (
                  <option key={c.code} value={`${SOMALILAND_COUNTRY}:${c.code}`}>
                    {c.name} ({c.code})
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        )}
      </FormField>
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
                  onChange={() => onChange(chosen.country, option.payout_type)}
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
