import type { mobileRule } from '../../../domain/phone.ts';

let loaded: typeof mobileRule | undefined;
let loading: Promise<void> | undefined;

/**
 * The mobile-number rule needs libphonenumber-js's metadata (≈ 34 KB gzip, 135 KB of script to parse): it loads
 * when a phone field first shows, not with every sign-in and registration screen.
 */
export function loadMobileRule(): Promise<void> {
  loading ??= import('../../../domain/phone.ts').then(
    (phone) => {
      loaded = phone.mobileRule;
    },
    () => {
      loading = undefined; // offline: try again with the next field
    },
  );
  return loading;
}

/**
 * The mobile rule once loaded. The forms wait for `loadMobileRule` before they check a number; should it fail to
 * load (offline), nothing is said here and the server checks the number by the same rule.
 */
export function checkMobile(typed: string, country: string | undefined): true | string {
  return loaded ? loaded(typed, country) : true;
}
