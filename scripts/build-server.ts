/**
 * Bundle the API server into dist-server/main.js, and the migration step (`npm run migrate`) into
 * dist-server/migrate.js. Packages stay external (they are installed by npm ci); only our own TypeScript is
 * bundled.
 */
import { build } from 'rolldown';

await build({
  input: { main: 'src/server/main.ts', migrate: 'src/server/migrate-main.ts' },
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  output: { dir: 'dist-server', format: 'esm', entryFileNames: '[name].js', sourcemap: true },
  logLevel: 'warn',
});
console.log('server built: dist-server/main.js, dist-server/migrate.js');
