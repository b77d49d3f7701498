import { Trans } from '@lingui/react/macro';
import { ratesApi } from '../../../domain/contract/rates.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import styles from './quote-form.module.css';

/**
 * Where the money can be received, from get-transaction-options: the banks,
 * the mobile networks or the collection points of the chosen payout type.
 */
export function PayoutPlaces({ country, payoutType }: { country: string; payoutType: PayoutType }) {
  const options = useEndpoint(ratesApi.getTransactionOptions, {
    body: { destination_country_iso2: country, payout_type: payoutType },
  });
  if (options.status !== 'ready') return null;
  const { delivery_banks: banks, mobile_operators: networks, collection_points: points } = options.data;
  const [summary, names] =
    banks.length > 0
      ? [<Trans key="banks">Supported banks ({banks.length})</Trans>, banks.map((b) => b.name)]
      : networks.length > 0
        ? [<Trans key="networks">Supported networks ({networks.length})</Trans>, networks.map((n) => n.name)]
        : points.length > 0
          ? [
              <Trans key="points">Collection points ({points.length})</Trans>,
              points.map((p) => (p.city ? `${p.name}, ${p.city}` : p.name)),
            ]
          : [null, []];
  if (names.length === 0) return null;
  return (
    <details className={styles.places}>
      <summary>{summary}</summary>
      <ul className={styles.placeList}>
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </details>
  );
}
