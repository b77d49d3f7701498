/**
 * Bundle the API server into dist-server/main.js, the migration step (`npm run migrate`) into
 * dist-server/migrate.js and the master key's rotation (`npm run documents:rewrap`) into dist-server/documents-rewrap.js.
 * Packages stay external (they are installed by npm ci); only our own TypeScript is bundled.
 */
import { bundleServer } from './server-bundle.ts';

await bundleServer(
  {
    main: 'src/server/main.ts',
    migrate: 'src/server/migrate-main.ts',
    'documents-rewrap': 'src/server/documents-rewrap-main.ts',
  },
  'dist-server',
);
console.log('server built: dist-server/main.js, dist-server/migrate.js, dist-server/documents-rewrap.js');
