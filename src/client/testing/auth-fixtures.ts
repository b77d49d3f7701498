import type { SourceCountryView } from '../../domain/contract/locator.ts';
import type { SignedIn, User, UserData } from '../../domain/contract/user.ts';
import {
  EMPTY_DRAFT,
  pendingRegistrationAtom,
  registrationDraftAtom,
} from '../features/registration/registration-atoms.ts';
import { appStore } from '../lib/session/app-store.ts';
import { currentUserAtom } from '../lib/session/current-user.ts';
import { lastResolvedPathAtom } from '../lib/session/navigation-atoms.ts';
import { cantFindCountryAtom, residenceCountryAtom } from '../lib/session/onboarding-atoms.ts';
import { accessTokenAtom, baseUrlAtom } from '../lib/session/session-atoms.ts';
import { userAtom, userLimitAtom } from '../lib/session/user-data.ts';

export const SESSION_TOKEN = 'sess_0123456789abcdef0123456789abcdef';

export function sourceCountry(iso2: string, name: string, currency: string): SourceCountryView {
  return {
    iso2,
    name,
    currency,
    bank_id_registration: false,
    bank_id_login: false,
    middleware_url: '/api/main',
    oauth_url: '/api/oauth',
    project_name: iso2 === 'US' ? 'sarraf-us' : 'sarraf',
    terms_and_conditions: `/legal/${iso2.toLowerCase()}/terms-and-conditions`,
    privacy_policy: `/legal/${iso2.toLowerCase()}/privacy-policy`,
    states: [],
  };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    guid: 'cus_1',
    id: 'cus_1',
    firstName: null,
    lastName: null,
    name: null,
    email: 'amina@example.com',
    mobile: null,
    country: 'GB',
    sourceCountry: { iso2: 'GB', currency: 'GBP', bankIdLogin: false },
    usaState: null,
    locale: 'en-GB',
    status: 'active',
    verification: { status: 'NotRegistered' },
    personalIdentityNumberVerified: false,
    isRemittanceEnabled: false,
    // onboarded: most screens are for such a customer; onboarding tests pass redirect_to_full
    isFullyRegistered: true,
    redirect_to_full: null,
    purposeOfAccount: null,
    address: null,
    ...overrides,
  };
}

export const signedIn = (overrides: Partial<User> = {}): SignedIn => ({ token: SESSION_TOKEN, user: user(overrides) });

export const userData = (overrides: Partial<User> = {}, used = '0.00'): UserData => ({
  user: user(overrides),
  remitter: null,
  user_limit: { currency: 'GBP', limit: '25000.00', used, limitRemainingWarning: false },
  meta: { customer: { kyc_user_reference: null } },
});

/** The app's one store back as a fresh page load finds it (the API client always uses this store). */
export function resetAppStore(): void {
  appStore.set(accessTokenAtom, null);
  appStore.set(baseUrlAtom, null);
  appStore.set(residenceCountryAtom, null);
  appStore.set(cantFindCountryAtom, false);
  appStore.set(lastResolvedPathAtom, null);
  appStore.set(pendingRegistrationAtom, null);
  appStore.set(registrationDraftAtom, EMPTY_DRAFT);
  appStore.set(userAtom, null);
  appStore.set(userLimitAtom, null);
  appStore.set(currentUserAtom, null);
}
