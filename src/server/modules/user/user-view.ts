import type { CustomerStatus, Remitter, User, UserLimit } from '../../../domain/contract/user.ts';
import { limitRemainingWarning, USA_STATES } from '../../../domain/countries.ts';
import { formatMinor, type Minor } from '../../../domain/money.ts';
import { maskMobile } from '../../../domain/phone.ts';
import type { Customer } from '../../customers/customers.ts';
import { sourceCountryOf } from '../../customers/source-country.ts';
import { addressOf, nextStepOf, type RemitterRow } from '../remitter/remitter-view.ts';

/** Verification has decided about the customer (SPEC §4): remittance may be enabled. */
const verified = (customer: Customer): boolean => customer.verification_status !== 'NotRegistered';

/**
 * The customer as the contract's `User`, with their remitter record when
 * onboarding has started one. Onboarding is complete when every step is
 * answered, or once verification has left NotRegistered.
 */
export function userView(customer: Customer, remitter?: RemitterRow): User {
  const country = sourceCountryOf(customer);
  const state = customer.usa_state ? USA_STATES.find((s) => s.code === customer.usa_state) : undefined;
  const nextStep = verified(customer) ? null : nextStepOf(customer, remitter);
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  return {
    guid: customer.id,
    id: customer.id,
    firstName: customer.first_name,
    lastName: customer.last_name,
    name: name || null,
    email: customer.email,
    mobile: customer.mobile === null ? null : maskMobile(customer.mobile),
    country: customer.country,
    sourceCountry: { iso2: country.iso2, currency: country.currency, bankIdLogin: country.bankIdLogin },
    personalIdentityNumberVerified: customer.personal_identity_number_verified_at !== null,
    usaState: state ? { code: state.code, name: state.name } : null,
    locale: customer.locale,
    status: customer.status as CustomerStatus,
    verification: { status: customer.verification_status },
    isRemittanceEnabled: customer.status === 'active' && verified(customer),
    isFullyRegistered: nextStep === null,
    redirect_to_full: nextStep,
    purposeOfAccount: remitter?.purpose_of_account ?? null,
    address: addressOf(remitter),
  };
}

/** SPEC §3's remitter: null until the name step has started the record. */
export function remitterView(customer: Customer, remitter: RemitterRow | undefined): Remitter | null {
  if (!remitter || customer.first_name === null || customer.last_name === null) return null;
  return {
    country_code: customer.country,
    country: sourceCountryOf(customer).name,
    street: remitter.street,
    postcode: remitter.postcode,
    name: customer.first_name,
    surname: customer.last_name,
    email: customer.email,
  };
}

/** The yearly limit of the customer's source country, and how much of it `used` takes. */
export function userLimitView(customer: Customer, used: Minor): UserLimit {
  const { currency, yearlyLimit } = sourceCountryOf(customer);
  return {
    currency,
    limit: formatMinor(yearlyLimit, currency),
    used: formatMinor(used, currency),
    limitRemainingWarning: limitRemainingWarning(yearlyLimit, used),
  };
}
