import {
  createEventEnvelope,
  createTransport,
  getEnvelopeEndpointWithUrlEncodedAuth,
  makeDsn,
  uuid4,
} from '@sentry/core';
import { scrubStack, scrubText } from '../../../domain/scrub.ts';
import { sentryEventOf } from '../../../domain/sentry-event.ts';
import { logError } from '../../http/log-error.ts';
import type { SentrySettings } from './error-reporting-settings.ts';

/** The server's errors on their way to the collector. */
export interface ErrorReports {
  /** an error the server logged (`what` is the log line's message): reported, scrubbed, in the background */
  report(error: unknown, what: string): void;
  /** waits at most `timeoutMs` for the reports on their way; false when some did not go */
  flush(timeoutMs: number): Promise<boolean>;
}

const SEND_TIMEOUT_MS = 5_000;

/**
 * Errors reported to a Sentry-compatible collector (ERROR_REPORTING=sentry) with
 * `@sentry/core`'s envelope and transport (its queue, and the collector's rate
 * limits kept), the event made from the error as the logs keep it
 * (`logError`: a database error by its SQLSTATE and table, never its text),
 * its message and frames scrubbed as the browser's are (`domain/scrub.ts`).
 * Nothing of the request, the customer or the log line's other fields is sent.
 */
export function sentryErrorReports(
  settings: SentrySettings,
  release: string,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): ErrorReports {
  const dsn = makeDsn(settings.dsn);
  if (!dsn) throw new Error('SENTRY_DSN is no DSN');
  const url = getEnvelopeEndpointWithUrlEncodedAuth(dsn);
  const transport = createTransport({ recordDroppedEvent: () => undefined }, async (request) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: request.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return {
      statusCode: response.status,
      headers: {
        'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits'),
        'retry-after': response.headers.get('retry-after'),
      },
    };
  });
  return {
    report(error, what) {
      const logged = logError(error);
      const stack = error instanceof Error ? error.stack?.replace(/file:\/\//g, '') : undefined;
      const event = sentryEventOf(
        {
          type: scrubText(error === undefined ? 'Error' : logged.type, 60),
          message: scrubText(logged.message ?? what),
          frames: scrubStack(stack),
          release,
          tags: { side: 'server', log: scrubText(what, 120) },
        },
        'node',
        uuid4(),
        Date.now(),
      );
      // a collector away is nobody's concern here: its errors must not become more errors
      transport.send(createEventEnvelope({ ...event, environment: settings.environment }, dsn)).then(
        () => undefined,
        () => undefined,
      );
    },
    flush: async (timeoutMs) => transport.flush(timeoutMs),
  };
}
