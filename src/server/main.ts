import packageJson from '../../package.json' with { type: 'json' };
import { assertSafeForProduction, type Config, loadConfig } from './config.ts';

/** The configuration, or each of its problems on a line of its own and exit code 1. */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    assertSafeForProduction(config);
    return config;
  } catch (error) {
    const problems = (error as { problems?: string[] }).problems ?? [(error as Error).message];
    for (const problem of problems) process.stderr.write(`configuration: ${problem}\n`);
    process.exit(1);
  }
}

const config = configOrExit();
// Tracing starts before the server's modules are imported: under ESM, `node:http` and `pg` are instrumented only
// when imported after its loader hook. Off (the default), no OpenTelemetry module is loaded at all.
const tracing =
  config.tracing.kind === 'otlp'
    ? (await import('./tracing/start-tracing.ts')).startTracing(config.tracing, packageJson.version)
    : undefined;
await (await import('./serve.ts')).serve(config, tracing);
