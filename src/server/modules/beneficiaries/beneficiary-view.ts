import type { Selectable } from 'kysely';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import type { BeneficiariesTable } from '../../db/tables/beneficiaries.ts';

/** A recipient row as the API shows it: every form value together, names included. */
export function beneficiaryView(row: Selectable<BeneficiariesTable>): Beneficiary {
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
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
