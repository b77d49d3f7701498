import type { CardGatewayView } from '../../../domain/contract/transfers.ts';
import { SANDBOX_GATEWAY_TOKENS_URL } from '../../providers/card-gateway/sandbox-card-gateway.ts';
import type { ProviderSettings } from '../../providers/provider-settings.ts';

/** What the browser needs to show the card gateway's fields: for Adyen, only its public client key and environment. */
export function cardGatewayView(settings: ProviderSettings['cardGateway']): CardGatewayView {
  return settings.kind === 'adyen'
    ? { gateway: 'adyen', client_key: settings.clientKey, environment: settings.environment }
    : { gateway: 'sandbox', tokens_url: SANDBOX_GATEWAY_TOKENS_URL };
}
