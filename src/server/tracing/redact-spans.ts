import { type Attributes, type AttributeValue, SpanKind } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { scrubText } from '../../domain/scrub.ts';

/**
 * The span attributes that leave the server: what names code, a method, a status, a database or a provider's host,
 * never what a customer sent. Every other attribute the instrumentations record (the URL with its path and query,
 * the client's address and user agent, request and response headers, the database user and connection string) is
 * dropped before export, whatever a later instrumentation version adds.
 */
const KEPT = new Set([
  'sarraf.endpoint',
  'http.route',
  'http.method',
  'http.request.method',
  'http.status_code',
  'http.response.status_code',
  'http.flavor',
  'network.protocol.version',
  'http.scheme',
  'url.scheme',
  'error.type',
  'db.system',
  'db.system.name',
  'db.name',
  'db.namespace',
  'db.operation',
  'db.operation.name',
  'db.statement',
  'db.query.text',
]);

/**
 * Kept on outgoing calls only (a provider's or the database's host and port). On an incoming call they come from
 * the request's Host header, which the caller writes.
 */
const KEPT_ON_CLIENT_SPANS = new Set(['server.address', 'server.port', 'net.peer.name', 'net.peer.port']);

/** An exception event keeps its type alone: its message and stack can quote what the customer sent. */
const KEPT_EVENT_ATTRIBUTES = new Set(['exception.type']);

const MAX_ATTRIBUTE_LENGTH = 2_000;

/**
 * SQL text with its literals taken out. Kysely sends values as parameters (`$1`), so a statement's text is the
 * code's; a literal written into it (`sql.lit`, a `set local`) is emptied all the same, then the text is scrubbed
 * as error reports are (e-mail addresses, runs of digits, long ids).
 */
export function scrubSql(text: string): string {
  const literals = text.replace(/'(?:[^']|'')*'/g, "''").replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, "''");
  return scrubText(literals, MAX_ATTRIBUTE_LENGTH);
}

/** Kept as they are: a configured host (an address is digits) and names from our own tables. */
const VERBATIM = new Set(['server.address', 'net.peer.name', 'http.route', 'sarraf.endpoint']);

function scrubValue(key: string, value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value === 'string') {
    if (VERBATIM.has(key)) return value;
    return key === 'db.statement' || key === 'db.query.text' ? scrubSql(value) : scrubText(value, MAX_ATTRIBUTE_LENGTH);
  }
  if (Array.isArray(value)) return undefined;
  return value;
}

function keptAttributes(attributes: Attributes | undefined, keep: (key: string) => boolean): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (!keep(key)) continue;
    const scrubbed = scrubValue(key, value);
    if (scrubbed !== undefined) kept[key] = scrubbed;
  }
  return kept;
}

/**
 * A span as it may leave the server: its name scrubbed (instrumentations name spans by method, operation or
 * endpoint-table entry; this is the guard), only the attributes above, exception events reduced to their type,
 * the status without its message (an error's text), links without attributes.
 */
export function redactSpan(span: ReadableSpan): ReadableSpan {
  const client = span.kind === SpanKind.CLIENT;
  return {
    name: scrubText(span.name, 200),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: { code: span.status.code },
    attributes: keptAttributes(span.attributes, (key) => KEPT.has(key) || (client && KEPT_ON_CLIENT_SPANS.has(key))),
    links: span.links.map((link) => ({ context: link.context })),
    events: span.events.map((event) => ({
      time: event.time,
      name: scrubText(event.name, 200),
      attributes: keptAttributes(event.attributes, (key) => KEPT_EVENT_ATTRIBUTES.has(key)),
    })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** Hands the exporter after it (OTLP) only redacted spans. */
export class RedactingExporter implements SpanExporter {
  constructor(private readonly next: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.next.export(spans.map(redactSpan), resultCallback);
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush?.() ?? Promise.resolve();
  }
}
