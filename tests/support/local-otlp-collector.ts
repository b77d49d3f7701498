import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OTLP/JSON attribute value, as the exporter writes it. */
type OtlpValue =
  | { stringValue: string }
  | { intValue: string | number }
  | { doubleValue: number }
  | { boolValue: boolean }
  | { arrayValue: { values?: OtlpValue[] } }
  | { kvlistValue: { values?: OtlpAttribute[] } }
  | { bytesValue: string };

interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  events?: { name: string; attributes?: OtlpAttribute[] }[];
  links?: { traceId: string; spanId: string; attributes?: OtlpAttribute[] }[];
  status?: { code?: number; message?: string };
}

interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { scope?: { name: string; version?: string }; spans?: OtlpSpan[] }[];
  }[];
}

/** A span as the collector received it, its attributes as plain values. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's span kind: 2 server, 3 client */
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  status: { code?: number; message?: string };
  resource: Record<string, unknown>;
}

export interface ExportRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  body: OtlpTraces;
}

function plain(value: OtlpValue): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plain);
  if ('kvlistValue' in value) return attributesOf(value.kvlistValue.values);
  return value.bytesValue;
}

function attributesOf(attributes: OtlpAttribute[] | undefined): Record<string, unknown> {
  return Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, plain(value)]));
}

/**
 * An OpenTelemetry collector's OTLP/HTTP receiver on this machine (`POST /v1/traces`, JSON, as the server's
 * exporter sends): it keeps every export request, answers each as a collector does (200 with an empty partial
 * success), and reads the spans out of them.
 */
export class LocalOtlpCollector {
  readonly requests: ExportRequest[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalOtlpCollector> {
    let collector: LocalOtlpCollector | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        collector?.requests.push({
          method: req.method ?? '',
          path: req.url ?? '',
          contentType: req.headers['content-type'],
          body: text ? (JSON.parse(text) as OtlpTraces) : {},
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"partialSuccess":{}}');
      });
    });
    collector = new LocalOtlpCollector(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return collector;
  }

  /** The OTLP endpoint to configure (OTEL_EXPORTER_OTLP_ENDPOINT): traces go to its `/v1/traces`. */
  get endpoint(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  spans(): CollectedSpan[] {
    return this.requests.flatMap(({ body }) =>
      (body.resourceSpans ?? []).flatMap((resourceSpans) => {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
          (scopeSpans.spans ?? []).map((span) => ({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            kind: span.kind,
            scope: scopeSpans.scope?.name ?? '',
            attributes: attributesOf(span.attributes),
            events: (span.events ?? []).map((event) => ({
              name: event.name,
              attributes: attributesOf(event.attributes),
            })),
            status: span.status ?? {},
            resource,
          })),
        );
      }),
    );
  }

  /**
   * Everything in the exports that could carry what a customer sent: span and event names, attribute keys and
   * values, status messages, resource attributes and scopes. Ids and timestamps are left out (hex and digits that
   * would match a code or a number by chance).
   */
  text(): string {
    return JSON.stringify(
      this.spans().map(({ name, scope, attributes, events, status, resource }) => ({
        name,
        scope,
        attributes,
        events,
        status,
        resource,
      })),
    );
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
