import { normalizeBeneficiaryValue } from './beneficiary-rules.ts';
import type { BeneficiaryField, BeneficiaryForm } from './beneficiary-schema.ts';

/**
 * SPEC §9 "mobile payout confirm-mobile": a mobile-money recipient's number
 * is typed twice before the recipient is saved, so a slip of one digit does
 * not send the money to a stranger's wallet. Asked when the recipient is
 * saved (new, or its number changed), not at each transfer: a saved recipient
 * is paid again without retyping. Both the form and the server compare.
 */

/** The body property the re-typed number travels in. */
export const MOBILE_CONFIRMATION = 'mobile_confirmation';

export const MOBILE_CONFIRMATION_MESSAGES = {
  missing: 'Type the mobile number again to confirm it',
  mismatch: 'The two mobile numbers do not match',
} as const;

/** The field of a mobile-money form that names the wallet paid: its wallet number, else its phone number. */
export function payoutMobileField(form: Pick<BeneficiaryForm, 'payout_type' | 'fields'>): BeneficiaryField | undefined {
  if (form.payout_type !== 'mobile') return undefined;
  return (
    form.fields.find((field) => field.type === 'mobile_wallet_number') ??
    form.fields.find((field) => field.type === 'international_phone')
  );
}

/**
 * What is wrong with the confirmation of the payout number `values` carry, if
 * it must be confirmed: not a mobile-money form, or the number as it was
 * saved (`saved`, on a change of a recipient), needs none.
 */
export function mobileConfirmationProblem(
  form: Pick<BeneficiaryForm, 'payout_type' | 'fields' | 'destination_country'>,
  values: Readonly<Record<string, string>>,
  confirmation: string | undefined,
  saved?: Readonly<Record<string, string>>,
): keyof typeof MOBILE_CONFIRMATION_MESSAGES | undefined {
  const field = payoutMobileField(form);
  if (!field) return undefined;
  const canonical = (value: string | undefined) =>
    normalizeBeneficiaryValue(field.type, value ?? '', form.destination_country);
  const number = canonical(values[field.name]);
  if (number === '' || (saved && canonical(saved[field.name]) === number)) return undefined;
  if (!confirmation?.trim()) return 'missing';
  return canonical(confirmation) === number ? undefined : 'mismatch';
}
