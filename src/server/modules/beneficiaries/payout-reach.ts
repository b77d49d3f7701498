import type { PayoutType } from '../../../domain/payout-types.ts';
import type { Providers } from '../../providers/providers.ts';
import { findCorridorSchema } from './schemas/catalogue.ts';

/**
 * Whether a way of paying out can be offered to customers: the payout
 * partner delivers it (Adyen pays out to bank accounts only; the sandbox
 * everything), and a card payout has a card payout gateway
 * (`PAYOUT_CARDS=off` has none). What cannot be paid out is never listed,
 * quoted or given a recipient form, so nobody pays for it.
 */
export function isDeliverable(
  providers: Pick<Providers, 'payoutPartner' | 'payoutCards'>,
  route: { destinationCountry: string; destinationCurrency: string; payoutType: PayoutType },
): boolean {
  if (route.payoutType === 'card' && providers.payoutCards === null) return false;
  const form = findCorridorSchema(route.destinationCountry, route.payoutType, route.destinationCurrency);
  const detailFields = form?.schema.fields.map((field) => field.name) ?? [];
  return providers.payoutPartner.delivers({ ...route, detailFields });
}
