import type { Selectable } from 'kysely';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { cardExpiry, isPayoutCardExpired } from '../../../domain/payout-cards.ts';
import type { BeneficiariesTable } from '../../db/tables/beneficiaries.ts';

/** A recipient row as the API shows it at `now`: every form value together, names included, and a card's expiry. */
export function beneficiaryView(row: Selectable<BeneficiariesTable>, now: Date): Beneficiary {
  const card = row.payout_card;
  const names: Record<string, string> = { first_name: row.first_name, last_name: row.last_name };
  if (row.middle_name !== null) names.middle_name = row.middle_name;
  return {
    id: row.id,
    country_iso2: row.country_iso2,
    payout_type: row.payout_type,
    currency_iso3: row.currency_iso3,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    display_name: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' '),
    payout_label: row.payout_label,
    values: { ...names, ...row.fields },
    notify_by_sms: row.notify_by_sms,
    ...(card && row.fields.card_token
      ? {
          card: {
            guid: row.fields.card_token,
            brand: card.brand,
            last4: card.last4,
            expire: cardExpiry(card.exp_month, card.exp_year),
            is_expired: isPayoutCardExpired(card, now),
          },
        }
      : {}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
