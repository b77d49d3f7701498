/**
 * Bundle the API server into dist-server/main.js. Packages stay external
 * (they are installed by npm ci); only our own TypeScript is bundled.
 */
import { build } from 'rolldown';

await build({
  input: 'src/server/main.ts',
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  output: { dir: 'dist-server', format: 'esm', entryFileNames: 'main.js', sourcemap: true },
  logLevel: 'warn',
});
console.log('server built: dist-server/main.js');
