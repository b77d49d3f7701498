import { Configuration, DefaultApi } from '@onfido/api';
import type { OnfidoSettings } from '../provider-settings.ts';

/** How long one call to Onfido may take before it counts as an outage. */
const TIMEOUT_MS = 15_000;

/**
 * Onfido's own Node SDK (`@onfido/api`, generated from its API v3.6
 * description), pointed at the configured API base. Every call throws on a
 * network failure or a non-2xx answer, so an outage is never a verdict.
 */
export function onfidoApi(settings: OnfidoSettings): DefaultApi {
  return new DefaultApi(
    new Configuration({
      apiToken: settings.apiToken,
      basePath: settings.apiBase,
      baseOptions: { timeout: TIMEOUT_MS },
    }),
  );
}

/** A download's bytes: the SDK is asked for a buffer, as its file transfers otherwise arrive as text. */
export const BINARY = { responseType: 'arraybuffer' } as const;
