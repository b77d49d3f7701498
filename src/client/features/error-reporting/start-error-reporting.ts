import type { AnyRouter } from '@tanstack/react-router';
import { afterFirstPaint } from '../../lib/first-paint.ts';
import { i18n } from '../../lib/i18n.ts';
import type { ErrorReporter } from './reporter.ts';

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
    .then(() => Promise.all([import('./reporter.ts'), import('./report-sending.ts')]))
    .then(
      ([{ createErrorReporter }, { post }]) => {
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
