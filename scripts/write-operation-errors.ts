/**
 * `npm run api:errors`: runs the API tests, gathering every failure they meet per call (the description check's
 * API_ERRORS_SEEN), and adds each call's own SPEC §8 error types to src/server/openapi/own-error-types.ts, which
 * the OpenAPI description lists per status. Types any call or the entry's shape implies are left out; a type the
 * server no longer answers is taken out of the file by hand.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CATALOGUE, type ErrorType } from '../src/domain/errors.ts';
import { sharedErrorTypes } from '../src/server/openapi/operation-errors.ts';
import { OWN_ERROR_TYPES } from '../src/server/openapi/own-error-types.ts';
import { ENDPOINT_ENTRIES } from '../tests/support/endpoint-entries.ts';

const OUT = 'src/server/openapi/own-error-types.ts';

/**
 * The failures met, a line `call<TAB>type` each: gathered by running the API tests (any arguments go to vitest, e.g.
 * a folder), or read from a file an earlier run gathered (`--gathered FILE`).
 */
function gather(args: string[]): { lines: string; failed: boolean } {
  const from = args.indexOf('--gathered');
  if (from >= 0) return { lines: readFileSync(args[from + 1] ?? '', 'utf8'), failed: false };
  const dir = mkdtempSync(join(tmpdir(), 'api-errors-'));
  const seen = join(dir, 'seen.tsv');
  writeFileSync(seen, '');
  const run = spawnSync('npx', ['vitest', 'run', ...(args.length ? args : ['tests/server'])], {
    stdio: 'inherit',
    env: { ...process.env, API_ERRORS_SEEN: seen },
  });
  const lines = readFileSync(seen, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  return { lines, failed: run.status !== 0 };
}

const { lines: gathered, failed } = gather(process.argv.slice(2));
const entries = new Map(ENDPOINT_ENTRIES);
// a type listed stays listed: a run of part of the tests adds to the list, never takes from it
const own = new Map<string, Set<ErrorType>>(
  Object.entries(OWN_ERROR_TYPES).map(([name, types]) => [name, new Set(types)]),
);
for (const line of gathered.split('\n')) {
  const [name, type] = line.split('\t');
  const entry = name ? entries.get(name) : undefined;
  if (!entry || !type || !(type in ERROR_CATALOGUE)) continue;
  if (sharedErrorTypes(entry).has(type as ErrorType)) continue;
  own.set(name as string, (own.get(name as string) ?? new Set()).add(type as ErrorType));
}
const lines = [...own]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(
    ([name, types]) =>
      `  '${name}': [${[...types]
        .sort()
        .map((type) => `'${type}'`)
        .join(', ')}],`,
  );
writeFileSync(
  OUT,
  [
    "import type { ErrorType } from '../../domain/errors.ts';",
    '',
    "/** Written by `npm run api:errors` from the API tests' answers: each call's own error types. */",
    'export const OWN_ERROR_TYPES: Readonly<Record<string, readonly ErrorType[]>> = {',
    ...lines,
    '};',
    '',
  ].join('\n'),
);
execFileSync('npx', ['biome', 'format', '--write', OUT], { stdio: 'inherit' });
console.log(`api:errors: ${own.size} calls with error types of their own, written to ${OUT}`);
if (failed) {
  console.error('api:errors: some tests failed, so what they would have met is missing: run them again');
  process.exit(1);
}
