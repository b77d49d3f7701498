import { register } from 'node:module';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { RedactingExporter } from './redact-spans.ts';
import type { Tracing } from './tracing.ts';
import type { OtlpTracingSettings } from './tracing-settings.ts';

/** Only the API's calls are traced: not the app's static files, the health checks, the sandbox pages or /metrics. */
const TRACED_PATH = /^\/api\//;

/**
 * Starts OpenTelemetry's tracing: call it before the server's own modules are imported. Under ESM an import of
 * `node:http` or `pg` is seen by the instrumentations only through import-in-the-middle's loader hook, registered
 * here for those two modules alone (every other import is left as it is); fetch (undici) is seen through its
 * diagnostics channels and needs no hook.
 *
 * - HTTP: a server span for each API call, its parent taken from an incoming `traceparent` (W3C trace context
 *   only: a caller's `baggage` is neither read nor passed on); the app names it after its endpoint-table entry.
 * - undici: a client span for each fetch (every provider call), with `traceparent` added to the request.
 * - pg: a span for each PostgreSQL query and pool connect made within a traced call or job (the embedded PGlite has
 *   none).
 * - each outbox job (`runJob`) as a span of its own, parent of its queries and provider calls.
 *
 * Spans go in batches (OTEL_BSP_* tune them) to the OTLP/HTTP collector as JSON, each redacted first
 * (`redact-spans.ts`). The sampler is the SDK's, from OTEL_TRACES_SAMPLER (parent-based, always on, by default).
 */
export function startTracing(settings: OtlpTracingSettings, version: string): Tracing {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['node:http', 'http', 'pg'] },
  });
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ 'service.name': settings.serviceName, 'service.version': version }),
    ),
    spanProcessors: [new BatchSpanProcessor(new RedactingExporter(new OTLPTraceExporter({ url: settings.tracesUrl })))],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => !TRACED_PATH.test(request.url ?? ''),
        // our outgoing calls are fetch (undici, below); the exporter's own posts are plain http and stay untraced
        disableOutgoingRequestInstrumentation: true,
      }),
      new UndiciInstrumentation(),
      // a query outside a traced call (the outbox's polling, migrations) would be a trace of its own, every second
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    ],
  });
  const tracer = provider.getTracer('sarraf');
  return {
    nameCall(endpoint, route) {
      const span = trace.getActiveSpan();
      if (!span) return;
      span.updateName(endpoint);
      span.setAttribute('sarraf.endpoint', endpoint);
      if (route) span.setAttribute('http.route', route);
    },
    runJob: (name, run) =>
      tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER, root: true }, async (span) => {
        try {
          return await run();
        } catch (error) {
          // the redaction keeps the exception's type alone
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      }),
    shutdown: () => provider.shutdown(),
  };
}
