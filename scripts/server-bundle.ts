/**
 * The API server bundled as production runs it: our own TypeScript in one file per entry, packages left external
 * (npm ci installs them). `npm run build:server` writes dist-server/ with it; the server tests bundle the same way
 * for the tests that start a real server process.
 */
import { build } from 'rolldown';

/** Bundles each entry (name → source file) into `dir` as `<name>.js`. */
export async function bundleServer(input: Record<string, string>, dir: string): Promise<void> {
  await build({
    input,
    platform: 'node',
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
    output: { dir, format: 'esm', entryFileNames: '[name].js', sourcemap: true },
    logLevel: 'warn',
  });
}
