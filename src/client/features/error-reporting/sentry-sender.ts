import { makeFetchTransport } from '@sentry/browser';
import { createEventEnvelope, getEnvelopeEndpointWithUrlEncodedAuth, makeDsn, uuid4 } from '@sentry/core';
import { sentryEventOf } from '../../../domain/sentry-event.ts';
import type { ReportEvent } from './report-events.ts';

/**
 * Sends the reporter's errors to a Sentry-compatible collector (the server's
 * ERROR_REPORTING=sentry) with `@sentry/browser`'s fetch transport: a chunk of
 * its own, loaded only when the server names a DSN. Each event is made from
 * the error as the reporter already scrubbed it on this device (no SDK
 * integration runs: no breadcrumbs, no page address, no user); navigation
 * traces and session summaries stay for ERROR_REPORTING_URL's collector.
 */
export function sentrySender(dsnText: string): (events: ReportEvent[]) => void {
  const dsn = makeDsn(dsnText);
  if (!dsn) return () => undefined;
  const transport = makeFetchTransport({
    url: getEnvelopeEndpointWithUrlEncodedAuth(dsn),
    recordDroppedEvent: () => undefined,
    fetchOptions: { credentials: 'omit', keepalive: true },
  });
  return (events) => {
    for (const event of events) {
      if (event.kind !== 'error') continue;
      const sentryEvent = sentryEventOf(
        {
          type: event.type,
          message: event.message,
          frames: event.frames,
          release: event.release,
          tags: { side: 'browser', page: event.page, locale: event.locale },
        },
        'javascript',
        uuid4(),
        Date.now(),
      );
      // a collector away is nobody's concern: the page goes on
      transport.send(createEventEnvelope(sentryEvent, dsn)).then(
        () => undefined,
        () => undefined,
      );
    }
  };
}
