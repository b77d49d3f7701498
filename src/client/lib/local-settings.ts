/**
 * localStorage keys of device settings, not of a session: they outlive sign-out.
 */
export const LOCALE_KEY = 'locale';
export const COOKIE_CONSENT_KEY = 'cookie-consent';
/** The push prompt's answer on this device ('later' or 'yes'): it is asked once. */
export const PUSH_PROMPT_KEY = 'push-prompt';

export const DEVICE_SETTING_KEYS: readonly string[] = [LOCALE_KEY, COOKIE_CONSENT_KEY, PUSH_PROMPT_KEY];
