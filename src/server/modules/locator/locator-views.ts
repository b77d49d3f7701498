import type { SourceCountryView, UsaStateView } from '../../../domain/contract/locator.ts';
import { type SourceCountry, statesOf, type UsaState } from '../../../domain/countries.ts';

/** Base paths on our origin that the locator hands out. */
export interface ApiBases {
  main: string;
  oauth: string;
}

export function usaStateView(state: UsaState): UsaStateView {
  return { code: state.code, name: state.name, is_active: state.isActive };
}

export function sourceCountryView(country: SourceCountry, bases: ApiBases): SourceCountryView {
  return {
    iso2: country.iso2,
    name: country.name,
    currency: country.currency,
    bank_id_registration: country.bankIdRegistration,
    bank_id_login: country.bankIdLogin,
    middleware_url: bases.main,
    oauth_url: bases.oauth,
    project_name: country.project,
    terms_and_conditions: country.termsAndConditions,
    privacy_policy: country.privacyPolicy,
    states: statesOf(country.iso2).map(usaStateView),
  };
}
