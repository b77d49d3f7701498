import type { ClientProviders } from '../../../domain/contract/client-providers.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_CAPTCHA_URL } from '../../providers/captcha/sandbox-captcha.ts';

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
    support_chat_url: services.supportChatUrl ?? null,
    address_search: config.providers.addressBook.kind !== 'off',
  };
}
