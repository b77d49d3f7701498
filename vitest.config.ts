import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { CATALOG_MODULES, catalogParts } from './scripts/catalog-parts-plugin.ts';
import { linguiMacro } from './scripts/lingui-macro-plugin.ts';

/** The same React and Lingui (macro + catalog) plugins as vite.config.ts, in jsdom. */
const catalogs = () => [lingui(), catalogParts({ ...CATALOG_MODULES, failOnMissing: false })];
const client = {
  plugins: [react(), linguiMacro(), ...catalogs()],
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    include: ['src/client/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A screen test that types a whole form takes 3-5 s on a two-core machine at a load of 15 (CI runs beside
    // other work): Vitest's default 5 s failed whichever such test was slowest that run.
    testTimeout: 15_000,
    setupFiles: ['src/client/testing/setup.ts'],
  },
};
/** Client test files that replace a module with vi.mock: a graph shared with other files would keep the real one. */
const MOCKING_MODULES = [
  'src/client/layouts/layouts.test.tsx',
  'src/client/features/verification/camera-capture.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time; server files spend much of their time waiting
    // on PostgreSQL, so two at a time took the run from 7 min 54 s to 5 min 16 s here.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['tests/domain/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Lingui's plugins for the one server test that makes a statement's CSV and PDF as the app does, from
        // real answers (they touch only files that import a macro or a catalog)
        plugins: [linguiMacro(), ...catalogs()],
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // one migrated database of each kind per run, copied for every test database
          globalSetup: ['tests/support/database-images.ts', 'tests/support/server-bundle.ts'],
          // Each file makes its own app over its own database, and no server module keeps state but per
          // database: files share a worker's module graph instead of importing the server (and compiling
          // PGlite's WebAssembly) again for each of ~80 files.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...client,
        test: {
          ...client.test,
          name: 'client',
          exclude: MOCKING_MODULES,
          // One jsdom per worker for all its files, not one per file: the client files went from 90 s to 21 s.
          // setup.ts gives each file fresh app modules and empties the DOM, storage and stubs after each test;
          // `--sequence.shuffle` with any seed must pass.
          isolate: false,
        },
      },
      {
        ...client,
        // the files that replace a module (vi.mock) get a module graph of their own
        test: { ...client.test, name: 'client-mocking', include: MOCKING_MODULES },
      },
    ],
  },
});
