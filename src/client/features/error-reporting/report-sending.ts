/** How the error reporter's batches leave the page: loaded with the reporter, after the first paint. */
import type { ClientProviders } from '../../../domain/contract/client-providers.ts';
import { knownClientProviders } from '../../lib/known-client-providers.ts';
import type { ReportEvent } from './report-events.ts';

/** The Sentry sender, once a DSN has been named: `@sentry/browser` comes with the first report that goes there. */
let sentry: Promise<(events: ReportEvent[]) => void> | undefined;

function sendToSentry(dsn: string, events: ReportEvent[]): void {
  sentry ??= import('./sentry-sender.ts').then(({ sentrySender }) => sentrySender(dsn));
  sentry.then(
    (send) => send(events),
    () => undefined,
  );
}

/** Sends to the collector the server named (a Sentry DSN, or our own collector's address); nothing where it named none. */
export function post(events: ReportEvent[]): void {
  const body = JSON.stringify({ events });
  const deliver = ({ error_reporting_dsn: dsn, error_reporting_url: url }: ClientProviders) => {
    if (dsn) sendToSentry(dsn, events);
    else send(url);
  };
  const send = (url: string | null) => {
    if (!url) return;
    // a hidden page may be gone before a fetch ends: the beacon outlives it
    const beacon = () => navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }));
    if (document.visibilityState === 'hidden' && beacon()) return;
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  };
  const known = knownClientProviders();
  if (known) deliver(known);
  // the API client is not in the first load: it comes with the first report that needs the answer
  else
    import('../../lib/client-providers.ts')
      .then(({ clientProviders }) => clientProviders())
      .then(deliver, () => undefined);
}
