/** Where a card gateway's browser component loads from and talks to. */
export interface CardGatewayOrigins {
  /** its card fields' frames, its calls and its images */
  checkout: string;
  /** where it reports its use */
  analytics: string;
}

/**
 * The origins Adyen Web (the card component) uses in Adyen's `test` and
 * `live` (Europe) environments, as Adyen's content-security-policy guidance
 * lists them.
 */
export function adyenWebOrigins(environment: 'test' | 'live'): CardGatewayOrigins {
  return {
    checkout: `https://checkoutshopper-${environment}.adyen.com`,
    analytics: `https://checkoutanalytics-${environment}.adyen.com`,
  };
}
