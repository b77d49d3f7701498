import { scrubStack, scrubText } from '../../../domain/scrub.ts';
import type { ReportEvent } from './report-events.ts';
import { SAMPLE_RATES } from './sample-rates.ts';

export interface ReporterOptions {
  release: string;
  /** the current route's pattern */
  page: () => string;
  locale: () => string;
  /** sends a batch of events; a failure is nobody's concern */
  send: (events: ReportEvent[]) => void;
  random?: () => number;
  now?: () => number;
}

/** Traces wait for company: sent ten at a time, or when the page is hidden. */
const TRACE_BATCH = 10;

export interface ErrorReporter {
  /** an error the app met: reported at once (on error 1) */
  report(error: unknown): void;
  /** a navigation resolved after `durationMs`: traced (traces 1) */
  navigated(durationMs: number): void;
  /** the page is hidden (it may never come back): what waits is sent, and the session's summary once, when it is sampled */
  flush(): void;
}

/**
 * The error reporter: errors at once, navigation traces in batches, and a
 * session summary at the end for the sampled sessions (SAMPLE_RATES). Each
 * event carries the release, the route pattern and the language, and an
 * error its scrubbed message and stack: nothing that names the customer.
 */
export function createErrorReporter(options: ReporterOptions): ErrorReporter {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const started = now();
  const sessionSampled = random() < SAMPLE_RATES.sessions;
  const sessionOnError = random() < SAMPLE_RATES.onError;
  let errored = false;
  let summarized = false;
  let pages = 0;
  let waiting: ReportEvent[] = [];

  const base = () => ({ release: options.release, page: options.page(), locale: options.locale() });
  const send = (events: ReportEvent[]) => {
    if (events.length > 0) options.send(events);
  };

  return {
    report(error) {
      errored = true;
      const failure = error instanceof Error ? error : null;
      send([
        {
          kind: 'error',
          ...base(),
          type: scrubText(failure?.name ?? 'Error', 60),
          message: scrubText(failure ? failure.message : String(error)),
          frames: scrubStack(failure?.stack),
        },
      ]);
    },
    navigated(durationMs) {
      pages += 1;
      if (random() >= SAMPLE_RATES.traces) return;
      waiting.push({ kind: 'trace', ...base(), duration_ms: Math.max(0, Math.round(durationMs)) });
      if (waiting.length >= TRACE_BATCH) {
        send(waiting);
        waiting = [];
      }
    },
    flush() {
      const due = !summarized && (sessionSampled || (errored && sessionOnError));
      summarized ||= due;
      const summary = due
        ? [
            {
              kind: 'session' as const,
              ...base(),
              status: errored ? ('errored' as const) : ('ok' as const),
              pages,
              duration_s: Math.round((now() - started) / 1000),
            },
          ]
        : [];
      send([...waiting, ...summary]);
      waiting = [];
    },
  };
}
