import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { OnboardingStep } from '../../../domain/onboarding-steps.ts';
import type { Db } from '../../db/connection.ts';
import type { VerificationRefusalsTable } from '../../db/tables/verification.ts';
import { ApiError } from '../../http/api-error.ts';
import type { CheckedPerson, TwoPlusTwoRefusal } from '../../providers/two-plus-two/two-plus-two-provider.ts';

export type StoredRefusal = Selectable<VerificationRefusalsTable>;

/** Where the refused detail is corrected: the remitter update's field. */
const DETAIL_FIELDS = {
  name: 'surname',
  date_of_birth: 'date_of_birth',
  street: 'address.street',
  postcode: 'address.postcode',
} as const;

/** What the customer does next, for each refusal: in words for them, never naming the provider. */
const REFUSAL_MESSAGES = {
  name: 'We could not check your name as it is written. Correct it on your profile and we will check again.',
  date_of_birth: 'We could not check your date of birth. Correct it on your profile and we will check again.',
  street: 'We could not find your street. Correct your address on your profile and we will check again.',
  postcode: 'We could not find your postcode. Correct your address on your profile and we will check again.',
  cantProceed:
    'We cannot confirm who you are from these details alone. Upload an identity document and a proof of address, and we will check those instead.',
} as const;

/**
 * A digest of the details a check saw: the same details are not sent to the provider again. The town and
 * province joined it with the Onfido check, which sends them (a refused town is corrected with the street).
 */
export const detailsDigest = (person: CheckedPerson): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        person.firstName,
        person.lastName,
        person.dateOfBirth,
        person.street,
        person.postcode,
        person.country,
        person.city,
        person.province,
      ]),
    )
    .digest('hex');

export async function recordRefusal(
  trx: Db,
  customerId: string,
  refusal: TwoPlusTwoRefusal,
  digest: string,
  now: Date,
): Promise<void> {
  const values =
    refusal.refused === 'InvalidInformation'
      ? {
          type: refusal.refused,
          property_path: DETAIL_FIELDS[refusal.detail],
          message: REFUSAL_MESSAGES[refusal.detail],
        }
      : { type: refusal.refused, property_path: null, message: REFUSAL_MESSAGES.cantProceed };
  await trx
    .insertInto('verification_refusals')
    .values({ customer_id: customerId, ...values, details_digest: digest, refused_at: now })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...values, details_digest: digest, refused_at: now }))
    .execute();
}

export async function clearRefusal(trx: Db, customerId: string): Promise<void> {
  await trx.deleteFrom('verification_refusals').where('customer_id', '=', customerId).execute();
}

export const findRefusal = (db: Db, customerId: string): Promise<StoredRefusal | undefined> =>
  db.selectFrom('verification_refusals').selectAll().where('customer_id', '=', customerId).executeTakeFirst();

/** The onboarding step where each refused detail is corrected. */
const DETAIL_STEPS: Readonly<Record<string, OnboardingStep>> = {
  surname: 'registration-name',
  date_of_birth: 'registration-date-of-birthday',
  'address.street': 'address-search',
  'address.postcode': 'address-search',
};

/**
 * The onboarding step to send the customer back to: where the detail an
 * InvalidInformation refusal names is corrected, while the details are
 * still the ones refused; else null.
 */
export function stepToCorrect(
  refusal: StoredRefusal | undefined,
  details: CheckedPerson | undefined,
): OnboardingStep | null {
  if (refusal?.type !== 'InvalidInformation' || !details || refusal.details_digest !== detailsDigest(details))
    return null;
  return DETAIL_STEPS[refusal.property_path ?? ''] ?? null;
}

/** The refusal as the API answers it (SPEC §8). */
export const refusalError = (refusal: StoredRefusal): ApiError =>
  new ApiError(refusal.type, refusal.message, refusal.property_path);
