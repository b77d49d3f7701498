import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { tracingSettingsFrom } from '../../../src/server/tracing/tracing-settings.ts';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    tracingSettingsFrom(env);
    return [];
  } catch (error) {
    return (error as { problems: string[] }).problems;
  }
};

describe('TRACING and the OTLP variables', () => {
  it('are off by default, and when TRACING=off whatever else is set', () => {
    expect(tracingSettingsFrom({})).toEqual({ kind: 'off' });
    expect(loadConfig({}).tracing).toEqual({ kind: 'off' });
    expect(tracingSettingsFrom({ TRACING: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      kind: 'off',
    });
  });

  it('send spans to the endpoint’s /v1/traces once an endpoint is set, or to the traces endpoint as given', () => {
    expect(tracingSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' })).toEqual({
      kind: 'otlp',
      tracesUrl: 'http://otel-collector:4318/v1/traces',
      serviceName: 'sarraf',
    });
    expect(
      tracingSettingsFrom({
        TRACING: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example/base/',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp/v1/traces',
        OTEL_SERVICE_NAME: 'sarraf-api',
      }),
    ).toEqual({ kind: 'otlp', tracesUrl: 'https://traces.example/otlp/v1/traces', serviceName: 'sarraf-api' });
    expect(tracingSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example/base/' })).toMatchObject({
      tracesUrl: 'https://otlp.example/base/v1/traces',
    });
  });

  it('name each bad variable on a line of its own', () => {
    expect(problemsOf({ TRACING: 'jaeger' })).toEqual(["TRACING must be off or otlp, not 'jaeger'"]);
    expect(problemsOf({ TRACING: 'otlp' })).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT must be set (the OTLP/HTTP collector TRACING=otlp sends spans to)',
    ]);
    expect(
      problemsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_TRACES_SAMPLER: 'sometimes',
        OTEL_TRACES_SAMPLER_ARG: '2',
      }),
    ).toEqual([
      "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL such as http://otel-collector:4318, not 'collector:4318'",
      "OTEL_EXPORTER_OTLP_PROTOCOL must be http/json, not 'grpc' (spans go as OTLP/HTTP JSON, which every collector's HTTP port takes)",
      "OTEL_TRACES_SAMPLER must be one of parentbased_always_on, parentbased_always_off, parentbased_traceidratio, always_on, always_off, traceidratio, not 'sometimes'",
      "OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, not '2'",
    ]);
    expect(problemsOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces?token=x' })).toHaveLength(1);
  });

  it('stop the server’s start with those lines', () => {
    expect(() => loadConfig({ TRACING: 'otlp' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be set/);
  });
});
