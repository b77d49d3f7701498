import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './scripts/lingui-macro-plugin.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['tests/domain/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // one migrated database of each kind per run, copied for every test database
          globalSetup: ['tests/support/database-images.ts'],
          // Each file makes its own app over its own database, and no server module keeps state but per
          // database: files share a worker's module graph instead of importing the server (and compiling
          // PGlite's WebAssembly) again for each of ~80 files.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same React and Lingui (macro + catalog) plugins as vite.config.ts.
        plugins: [react(), linguiMacro(), lingui()],
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/testing/setup.ts'],
        },
      },
    ],
  },
});
