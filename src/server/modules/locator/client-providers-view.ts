import { type ClientProviders, clientFeatures } from '../../../domain/contract/client-providers.ts';
import type { Config } from '../../config.ts';
import { IDEAL_POSTCODES_COUNTRY } from '../../providers/address-book/ideal-postcodes-address-book.ts';
import { SANDBOX_ADDRESSES } from '../../providers/address-book/sandbox-addresses.ts';
import { ADYEN_BANK_LINK_CURRENCIES } from '../../providers/bank-link/adyen-bank-link.ts';
import { SANDBOX_CAPTCHA_URL } from '../../providers/captcha/sandbox-captcha.ts';
import type { ProviderSettings } from '../../providers/provider-settings.ts';

/** Where the address book can find a customer's address: the sandbox's book's countries, or the provider's. */
function addressSearchCountries(choice: ProviderSettings['addressBook']): string[] {
  if (choice.kind === 'ideal-postcodes') return [IDEAL_POSTCODES_COUNTRY];
  return choice.kind === 'sandbox' ? Object.keys(SANDBOX_ADDRESSES) : [];
}

/** The browser's own outside services as this server is configured: the answer of `GET client-providers`. */
export function clientProvidersView(config: Config): ClientProviders {
  const captcha = config.providers.captcha;
  const services = config.clientServices;
  return {
    captcha:
      captcha.kind === 'recaptcha'
        ? { kind: 'recaptcha', checkbox_site_key: captcha.siteKeyV2, score_site_key: captcha.siteKeyV3 }
        : { kind: 'sandbox', url: SANDBOX_CAPTCHA_URL },
    analytics_url: services.analyticsUrl ?? null,
    error_reporting_url: services.errorReportingUrl ?? null,
    error_reporting_dsn: config.errorReporting.kind === 'sentry' ? config.errorReporting.dsn : null,
    support_chat_url: services.supportChatUrl ?? null,
    address_search_countries: addressSearchCountries(config.providers.addressBook),
    bank_link_currencies: config.providers.bankLink.kind === 'adyen' ? [...ADYEN_BANK_LINK_CURRENCIES] : null,
    features: clientFeatures(config.features),
  };
}
