import type { CustomerStatus, User, UserLimit } from '../../../domain/contract/user.ts';
import { findSourceCountry, limitRemainingWarning, type SourceCountry, USA_STATES } from '../../../domain/countries.ts';
import { formatMinor, type Minor } from '../../../domain/money.ts';
import type { Customer } from './customers.ts';

export function sourceCountryOf(customer: Customer): SourceCountry {
  const country = findSourceCountry(customer.country);
  if (!country) throw new Error(`customer ${customer.id} lives in ${customer.country}, which is not a source country`);
  return country;
}

/** Onboarding is complete once verification has left NotRegistered (SPEC §4). */
function isFullyRegistered(customer: Customer): boolean {
  return customer.verification_status !== 'NotRegistered';
}

/** The customer as the contract's `User`. */
export function userView(customer: Customer): User {
  const country = sourceCountryOf(customer);
  const state = customer.usa_state ? USA_STATES.find((s) => s.code === customer.usa_state) : undefined;
  const fullyRegistered = isFullyRegistered(customer);
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  return {
    guid: customer.id,
    id: customer.id,
    firstName: customer.first_name,
    lastName: customer.last_name,
    name: name || null,
    email: customer.email,
    country: customer.country,
    sourceCountry: { iso2: country.iso2, currency: country.currency, bankIdLogin: country.bankIdLogin },
    usaState: state ? { code: state.code, name: state.name } : null,
    locale: customer.locale,
    status: customer.status as CustomerStatus,
    verification: { status: customer.verification_status },
    isRemittanceEnabled: customer.status === 'active' && fullyRegistered,
    isFullyRegistered: fullyRegistered,
    redirect_to_full: !fullyRegistered,
    address: null,
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
