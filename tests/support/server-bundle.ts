/**
 * Vitest global setup of the server tests: the server bundled once per run, as `npm run build:server` bundles it,
 * for the tests that start a real server process (`serverEntry`). Started through tsx instead, each process
 * compiled the whole server again: on an idle two-core machine a start on an in-memory PGlite took 22-24 s to answer
 * /healthz through tsx and 15-16 s from the bundle (the rest is PGlite's initdb and migrations).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the folder holding this run's server bundle */
    serverBundle: string;
  }
}

/** The processes the tests start, by bundle entry. */
const ENTRIES = {
  main: 'src/server/main.ts',
  migrate: 'src/server/migrate-main.ts',
  'hanging-worker': 'tests/server/outbox/hanging-worker.ts',
};

/** The arguments to `node` that run an entry of this run's bundle: `spawn(process.execPath, serverEntry('main'))`. */
export function serverEntry(name: keyof typeof ENTRIES): string[] {
  return [join(inject('serverBundle'), `${name}.js`)];
}

export default async function setup(project: TestProject): Promise<() => void> {
  // inside the checkout, so that the bundle's package imports resolve to its node_modules
  const parent = join(project.vitest.config.root, 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'sarraf-test-server-'));
  await bundleServer(ENTRIES, dir);
  project.provide('serverBundle', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
