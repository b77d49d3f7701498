import { defineConfig } from '@lingui/conf';

export default defineConfig({
  sourceLocale: 'en-GB',
  locales: ['en-GB', 'en-CA', 'en-US', 'sv', 'so'],
  fallbackLocales: { 'en-CA': 'en-GB', 'en-US': 'en-GB', default: 'en-GB' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src/client', 'src/domain'],
      // client unit tests stand beside the code; their strings are not the app's
      exclude: ['**/*.test.ts', '**/*.test.tsx', 'src/client/testing/**'],
    },
  ],
  format: 'po',
  compileNamespace: 'ts',
});
