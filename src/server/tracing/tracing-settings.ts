import { ConfigProblems } from '../providers/provider-settings.ts';

/**
 * Whether the server's calls are traced (OpenTelemetry, exported over OTLP/HTTP): off unless an OTLP endpoint is
 * configured. Read before anything else of the server loads, so this file imports nothing of OpenTelemetry's.
 */
export type TracingSettings = { kind: 'off' } | OtlpTracingSettings;

export interface OtlpTracingSettings {
  kind: 'otlp';
  /** where spans are posted: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces */
  tracesUrl: string;
  /** the `service.name` every span carries (OTEL_SERVICE_NAME) */
  serviceName: string;
}

/** The samplers the SDK reads from OTEL_TRACES_SAMPLER; a parent-based one honours an incoming `traceparent`'s choice. */
const SAMPLERS = [
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
  'always_on',
  'always_off',
  'traceidratio',
];

function httpUrl(name: string, value: string, problems: string[]): URL | undefined {
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    problems.push(`${name} must be an http(s) URL such as http://otel-collector:4318, not '${value}'`);
    return undefined;
  }
  return url;
}

/**
 * TRACING (`off` or `otlp`; `otlp` by default when an OTLP endpoint is set), the endpoint, OTEL_SERVICE_NAME and the
 * standard variables the SDK reads itself (the protocol, the sampler) checked here so a bad one stops the start with
 * a line naming it. Throws `ConfigProblems`, one line per problem.
 */
export function tracingSettingsFrom(env: NodeJS.ProcessEnv): TracingSettings {
  const read = (name: string) => env[name]?.trim() || undefined;
  const tracesEndpoint = read('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = read('OTEL_EXPORTER_OTLP_ENDPOINT');
  const choice = read('TRACING') ?? (tracesEndpoint || endpoint ? 'otlp' : 'off');
  if (choice === 'off') return { kind: 'off' };
  const problems: string[] = [];
  if (choice !== 'otlp') {
    throw new ConfigProblems([`TRACING must be off or otlp, not '${choice}'`]);
  }
  let tracesUrl: string | undefined;
  if (tracesEndpoint) {
    tracesUrl = httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', tracesEndpoint, problems)?.href;
  } else if (endpoint) {
    const base = httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', endpoint, problems);
    if (base) tracesUrl = `${base.href.replace(/\/$/, '')}/v1/traces`;
  } else {
    problems.push('OTEL_EXPORTER_OTLP_ENDPOINT must be set (the OTLP/HTTP collector TRACING=otlp sends spans to)');
  }
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const protocol = read(name);
    if (protocol !== undefined && protocol !== 'http/json') {
      problems.push(
        `${name} must be http/json, not '${protocol}' (spans go as OTLP/HTTP JSON, which every collector's HTTP port takes)`,
      );
    }
  }
  const sampler = read('OTEL_TRACES_SAMPLER');
  if (sampler !== undefined && !SAMPLERS.includes(sampler)) {
    problems.push(`OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(', ')}, not '${sampler}'`);
  }
  const ratio = read('OTEL_TRACES_SAMPLER_ARG');
  if (ratio !== undefined && !(Number(ratio) >= 0 && Number(ratio) <= 1)) {
    problems.push(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, not '${ratio}'`);
  }
  const serviceName = read('OTEL_SERVICE_NAME') ?? 'sarraf';
  if (problems.length > 0 || !tracesUrl) throw new ConfigProblems(problems);
  return { kind: 'otlp', tracesUrl, serviceName };
}
