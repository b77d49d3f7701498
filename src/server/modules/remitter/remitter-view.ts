import type { Selectable } from 'kysely';
import type { Address } from '../../../domain/contract/address.ts';
import type { RemitterDetails } from '../../../domain/contract/remitter.ts';
import type { OnboardingStep } from '../../../domain/onboarding-steps.ts';
import { nextOnboardingStep, REASONS_OF_USAGE, type ReasonOfUsage } from '../../../domain/remitter.ts';
import type { Customer } from '../../customers/customers.ts';
import type { RemittersTable } from '../../db/tables/remitters.ts';

export type RemitterRow = Selectable<RemittersTable>;

const reasonOf = (value: string | null): ReasonOfUsage | null =>
  (REASONS_OF_USAGE as readonly string[]).includes(value ?? '') ? (value as ReasonOfUsage) : null;

export function addressOf(row: RemitterRow | undefined): Address | null {
  if (!row?.street || !row.city || !row.postcode) return null;
  return { street: row.street, city: row.city, postcode: row.postcode, province: row.province };
}

/** The step that asks for what the customer has not given yet; null once onboarding is complete. */
export function nextStepOf(customer: Customer, row: RemitterRow | undefined): OnboardingStep | null {
  return nextOnboardingStep(
    {
      name: customer.first_name !== null && customer.last_name !== null,
      nationality: Boolean(row?.nationality),
      dateOfBirth: Boolean(row?.date_of_birth),
      address: addressOf(row) !== null,
      occupation: Boolean(row?.occupation),
      usage: Boolean(row?.reason_of_usage && row.purpose_of_account),
      usa: customer.usa_state !== null && Boolean(row?.ssn_last4),
    },
    customer.country,
  );
}

/** What the customer has saved so far, as `temporary-details` answers it. */
export function remitterDetailsView(customer: Customer, row: RemitterRow | undefined): RemitterDetails {
  return {
    first_name: customer.first_name,
    surname: customer.last_name,
    nationality: row?.nationality ?? null,
    date_of_birth: row?.date_of_birth ?? null,
    address: addressOf(row),
    occupation: row?.occupation ?? null,
    reason_of_usage: reasonOf(row?.reason_of_usage ?? null),
    purpose_of_account: row?.purpose_of_account ?? null,
    usa_state: customer.usa_state,
    ssn_last4: row?.ssn_last4 ?? null,
    next_step: nextStepOf(customer, row),
  };
}
