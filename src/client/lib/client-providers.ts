import { useEffect, useState } from 'react';
import type { ClientProviders } from '../../domain/contract/client-providers.ts';
import { locatorApi } from '../../domain/contract/locator.ts';
import { call } from './api/client.ts';
import { knownClientProviders, rememberClientProviders } from './known-client-providers.ts';

/**
 * The outside services this page talks to itself (captcha, analytics, error
 * reports, chat), as the server was configured: asked once per page, after
 * the first paint's work, never carried in the bundle. Until it is known, a
 * service that needs it waits for it; when it cannot be had (offline), the
 * next need asks again.
 */
let asked: Promise<ClientProviders> | undefined;

export function clientProviders(): Promise<ClientProviders> {
  asked ??= call(locatorApi.clientProviders).then(
    (providers) => {
      rememberClientProviders(providers);
      return providers;
    },
    (error: unknown) => {
      asked = undefined;
      throw error;
    },
  );
  return asked;
}

/** For components: the providers once known (undefined until then, and while they cannot be had). */
export function useClientProviders(): ClientProviders | undefined {
  const [providers, setProviders] = useState(knownClientProviders);
  useEffect(() => {
    if (providers) return;
    let gone = false;
    clientProviders().then(
      (answer) => {
        if (!gone) setProviders(answer);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [providers]);
  return providers;
}
