/**
 * localStorage keys of device settings, not of a session: they outlive sign-out.
 */
export const LOCALE_KEY = 'locale';
export const COOKIE_CONSENT_KEY = 'cookie-consent';

export const DEVICE_SETTING_KEYS: readonly string[] = [LOCALE_KEY, COOKIE_CONSENT_KEY];
