import type { AnyRouter } from '@tanstack/react-router';
import type { ClientProviders } from '../../../domain/contract/client-providers.ts';
import { afterFirstPaint } from '../../lib/first-paint.ts';
import { i18n } from '../../lib/i18n.ts';
import { knownClientProviders } from '../../lib/known-client-providers.ts';
import type { ReportEvent } from './report-events.ts';
import type { ErrorReporter } from './reporter.ts';

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
function post(events: ReportEvent[]): void {
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

/**
 * Reports what goes wrong in this page to the error collector: uncaught
 * errors and rejections, the errors React met (main.tsx hands the root's
 * `onCaughtError` and `onUncaughtError` to `report`), each navigation's time,
 * and the session's summary when the page is hidden. The listeners start at
 * once; the reporter (sampling, scrubbing) loads after the first paint, not
 * with the first load, and is handed what happened before it came.
 */
export function startErrorReporting(router: AnyRouter): ErrorReporter {
  let reporter: ErrorReporter | undefined;
  const before: ((loaded: ErrorReporter) => void)[] = [];
  const use = (step: (loaded: ErrorReporter) => void) => (reporter ? step(reporter) : before.push(step));
  void afterFirstPaint()
    .then(() => import('./reporter.ts'))
    .then(
      ({ createErrorReporter }) => {
        reporter = createErrorReporter({
          release: __APP_VERSION__,
          page: () => router.state.matches.at(-1)?.fullPath ?? '/',
          locale: () => i18n.locale,
          send: post,
        });
        for (const step of before.splice(0)) step(reporter);
      },
      () => undefined,
    );
  const reporting: ErrorReporter = {
    report: (error) => use((loaded) => loaded.report(error)),
    navigated: (durationMs) => use((loaded) => loaded.navigated(durationMs)),
    flush: () => use((loaded) => loaded.flush()),
  };
  window.addEventListener('error', (event) => reporting.report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reporting.report(event.reason));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporting.flush();
  });
  let startedAt = performance.now();
  router.subscribe('onBeforeNavigate', () => {
    startedAt = performance.now();
  });
  router.subscribe('onResolved', () => reporting.navigated(performance.now() - startedAt));
  return reporting;
}
