import { useEffect, useState } from 'react';
import type { ClientProviders } from '../../domain/contract/client-providers.ts';
import { locatorApi } from '../../domain/contract/locator.ts';
import { call } from './api/client.ts';
import { afterFirstPaint } from './first-paint.ts';
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
  asked ??= afterFirstPaint()
    .then(() => call(locatorApi.clientProviders))
    .then(
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

/**
 * For components: the providers once known (undefined until then, and while they cannot be had). `wanted`
 * false: not asked for by this component (what it renders does not depend on them).
 */
export function useClientProviders(wanted = true): ClientProviders | undefined {
  const [providers, setProviders] = useState(knownClientProviders);
  useEffect(() => {
    if (providers || !wanted) return;
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
  }, [providers, wanted]);
  return providers;
}
