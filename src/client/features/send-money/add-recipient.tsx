import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { isOffline } from '../../lib/api/use-endpoint.ts';
import { buttonClass } from '../../ui/button.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import { corridorKey } from '../beneficiaries/load-beneficiary-schema.ts';
import { NewRecipientForm } from '../beneficiaries/new-recipient-form.tsx';
import { destinationsOf, findOption } from './corridors.ts';
import { DestinationFields } from './destination-fields.tsx';
import { useFxRates } from './use-fx-rates.ts';

/**
 * /recipients' "Add recipient", a recipient added outside a transfer: where they receive the money (a corridor the
 * customer's country sends to), then the send flow's own recipient form for it; saved (or left), `onDone` goes back
 * to the list, where they are listed with their Send button.
 */
export function AddRecipient({ onDone }: { onDone: () => void }) {
  const { i18n } = useLingui();
  const rates = useFxRates();
  const options = rates.status === 'ready' ? rates.data : [];
  const destinations = useMemo(() => destinationsOf(options, i18n.locale), [options, i18n.locale]);
  const [destination, setDestination] = useState<{ country: string; payoutType: PayoutType; city?: string }>();
  const option = findOption(options, destination);
  const corridor = option && {
    country: option.destination_country_iso2,
    payoutType: option.payout_type,
    currency: option.destination_currency_code,
  };

  return (
    <>
      <h1>
        <Trans>Add recipient</Trans>
      </h1>
      {rates.status === 'ready' && rates.offline ? <OfflineNotice asOf={rates.asOf} /> : null}
      {rates.status === 'failed' && isOffline(rates.error) ? (
        <OfflineNothingYet />
      ) : rates.status === 'failed' ? (
        <LoadFailed onRetry={rates.reload}>
          <Trans>We could not load the countries you can send to.</Trans>
        </LoadFailed>
      ) : rates.status === 'loading' ? (
        <LoaderOverlay type="text">
          <Trans>Loading the countries you can send to…</Trans>
        </LoaderOverlay>
      ) : destinations.length === 0 ? (
        <p>
          <Trans>Sending money from your country is not available yet.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>
              Choose where they receive the money, then enter their details exactly as they appear on their ID.
            </Trans>
          </p>
          <DestinationFields
            destinations={destinations}
            value={destination}
            error={undefined}
            countryFieldId="recipient-country"
            countryLabel={<Trans>Their country</Trans>}
            onChange={(country, payoutType, city) =>
              setDestination(payoutType ? { country, payoutType, ...(city ? { city } : {}) } : undefined)
            }
          />
          {corridor ? (
            <NewRecipientForm
              key={`${corridorKey(corridor)}-${destination?.city ?? ''}`}
              corridor={corridor}
              city={destination?.city}
              submitLabel={<Trans>Save recipient</Trans>}
              onSaved={onDone}
              onChooseFromList={onDone}
            />
          ) : null}
        </>
      )}
      <button type="button" className={buttonClass('ghost')} onClick={onDone}>
        <Trans>Back to recipients</Trans>
      </button>
    </>
  );
}
