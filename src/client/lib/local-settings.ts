/**
 * localStorage keys of device settings, not of a session: they outlive sign-out.
 */
export const LOCALE_KEY = 'locale';
/** Set while this device's language choice has not reached the customer's profile (chosen signed out, or offline). */
export const LOCALE_UNSAVED_KEY = 'locale-unsaved';
export const COOKIE_CONSENT_KEY = 'cookie-consent';
/** The push prompt's answer on this device ('later' or 'yes'): it is asked once. */
export const PUSH_PROMPT_KEY = 'push-prompt';
/** The install offer's answer on this device ('later' or 'install'): it is made once. */
export const INSTALL_OFFER_KEY = 'install-offer';
/** 'got-it' once the new-payout-method card was dismissed on this device: it is not shown again. */
export const NEW_PAYOUT_METHOD_HINT_KEY = 'new-payout-method-hint';

export const DEVICE_SETTING_KEYS: readonly string[] = [
  LOCALE_KEY,
  LOCALE_UNSAVED_KEY,
  COOKIE_CONSENT_KEY,
  PUSH_PROMPT_KEY,
  INSTALL_OFFER_KEY,
  NEW_PAYOUT_METHOD_HINT_KEY,
];
