/**
 * The action the client names when it asks the invisible captcha check for a
 * token (reCAPTCHA v3's `action`); the server takes a score only for it, so a
 * token earned on another site's page or for another purpose does not count.
 */
export const CAPTCHA_SCORE_ACTION = 'register';
