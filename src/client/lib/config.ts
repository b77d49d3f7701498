/** Where "Support" leads; Sarraf's own support page unless VITE_SUPPORT_URL names a deployment's help centre. */
export const SUPPORT_URL: string = import.meta.env.VITE_SUPPORT_URL || '/support';

/**
 * The card gateway's own base URL: the browser sends card details there,
 * never to our API. The sandbox gateway by default; VITE_CARD_GATEWAY_URL at
 * build time points a deployment at its real gateway.
 */
export const CARD_GATEWAY_URL: string = import.meta.env.VITE_CARD_GATEWAY_URL || '/sandbox/gateway';

/** Where customers write to support (the loader's "confirming your transfer" message links to it). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@sarraf.example';

/**
 * The captcha provider's widget endpoint, asked for a token once the customer
 * ticks "I'm not a robot". The sandbox captcha by default; VITE_CAPTCHA_URL
 * at build time points a deployment at its provider.
 */
export const CAPTCHA_URL: string = import.meta.env.VITE_CAPTCHA_URL || '/sandbox/captcha';

/**
 * Where page views go once a customer accepts analytics cookies: the sandbox
 * collector by default; VITE_ANALYTICS_URL at build time names a deployment's own.
 */
export const ANALYTICS_URL: string = import.meta.env.VITE_ANALYTICS_URL || '/sandbox/analytics/events';

/**
 * Where errors, navigation timings and sampled session summaries go (no
 * personal data: features/error-reporting/scrub.ts): the sandbox collector by
 * default; VITE_ERROR_REPORTING_URL at build time names a deployment's own.
 */
export const ERROR_REPORTING_URL: string = import.meta.env.VITE_ERROR_REPORTING_URL || '/sandbox/error-reports';

/**
 * The support chat provider's message endpoint: the sandbox chat by default;
 * VITE_SUPPORT_CHAT_URL at build time names a deployment's provider.
 */
export const SUPPORT_CHAT_URL: string = import.meta.env.VITE_SUPPORT_CHAT_URL || '/sandbox/chat/messages';
