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
