import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiMacro } from './scripts/lingui-macro-plugin.ts';
import { routePreloads } from './scripts/route-preloads-plugin.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
  sarraf?: { versionUpdate?: unknown };
};

/**
 * The release this build is: package.json's version and "sarraf.versionUpdate", unless RELEASE_VERSION and
 * RELEASE_UPDATE stamp another (the end-to-end run builds a next release of the same source this way).
 */
const release = {
  version: process.env.RELEASE_VERSION ?? pkg.version,
  versionUpdate: process.env.RELEASE_UPDATE ?? pkg.sarraf?.versionUpdate,
};

/** Emits /version.json (SPEC §3 version file): what the running app polls to learn of a new release. */
function versionFile(): Plugin {
  const { version, versionUpdate } = release;
  if (versionUpdate !== 'major' && versionUpdate !== 'minor') {
    throw new Error('the release\'s update kind (package.json "sarraf.versionUpdate") must be "major" or "minor"');
  }
  return {
    name: 'sarraf-version-file',
    apply: 'build',
    generateBundle() {
      const source = JSON.stringify({ version, version_update: versionUpdate });
      this.emitFile({ type: 'asset', fileName: 'version.json', source });
    },
  };
}

/**
 * App code that a screen needs besides its own route chunk, outside the first load (code the app's entry
 * imports, directly or not, is the first load): the modules of `folder` named `name` for rolldown's grouping.
 */
function lazyGroup(folder: RegExp, name: string): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  const fromEntry = new Map<string, boolean>();
  const reachedFromEntry = (id: string, ctx: Rolldown.ChunkingContext, path: Set<string>): boolean => {
    const known = fromEntry.get(id);
    if (known !== undefined) return known;
    const info = ctx.getModuleInfo(id);
    if (!info) return false;
    path.add(id);
    const reached =
      info.isEntry || info.importers.some((importer) => !path.has(importer) && reachedFromEntry(importer, ctx, path));
    path.delete(id);
    fromEntry.set(id, reached);
    return reached;
  };
  return (id, ctx) =>
    folder.test(id) && !id.includes('?tsr-split') && !reachedFromEntry(id, ctx, new Set()) ? name : null;
}

/**
 * The screens a customer most often opens first, by route file: signed out, and signed in. What they need besides the
 * first load ships in three files (what both kinds share, and what only one kind needs), route components included,
 * so a cold start on a slow network fetches two files of app code instead of dozens (each a round trip).
 */
const FIRST_SCREENS = {
  public: ['_default/sign-in', '_onboarding/country-of-residence'],
  signedIn: ['_auth/_app/home', '_auth/send-money/quote'],
};
/** Loaded lazily on every page as it opens (the root route's cookie notice); each page names it with its own chunks. */
const EVERY_PAGE = ['src/client/features/cookie-consent/cookie-consent.tsx'];

/**
 * What pages under a layout load lazily before they render, named in those pages: the signed-in pages' guard loads
 * the customer (`lib/session/user-data.ts`) with the API client and the user contract.
 */
const BEFORE_RENDER = { _auth: ['src/client/lib/api/client.ts', 'src/domain/contract/user.ts'] };

/** `_auth/_app/home` → its layouts' and its own component modules as the router plugin splits them. */
function screenModules(root: string, file: string): string[] {
  const parts = file.split('/');
  return parts.map((_, n) =>
    resolve(root, `src/client/routes/${parts.slice(0, n + 1).join('/')}.tsx?tsr-split=component`),
  );
}

/**
 * Names `FIRST_SCREENS`' code outside the first load: `first-screens` what both kinds need, `first-public` and
 * `first-signed-in` what only one does. Declared in that order (a group takes its modules' imports along unless an
 * earlier group took them), so the two never hold a module of the shared one.
 */
function firstScreenGroups(root: string): Record<'shared' | 'public' | 'signedIn', Rolldown.CodeSplittingNameFunction> {
  const groups = new WeakMap<Rolldown.ChunkingContext, Map<string, string>>();
  const reach = (ctx: Rolldown.ChunkingContext, from: string[], stop: Set<string> = new Set()) => {
    const seen = new Set<string>();
    const pending = [...from];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (seen.has(id) || stop.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      pending.push(...info.importedIds);
    }
    return seen;
  };
  const assign = (ctx: Rolldown.ChunkingContext) => {
    const firstLoad = reach(ctx, [resolve(root, 'src/client/main.tsx')]);
    const everyPage = EVERY_PAGE.map((file) => resolve(root, file));
    const needs = (files: string[]) =>
      reach(ctx, [...files.flatMap((file) => screenModules(root, file)), ...everyPage], firstLoad);
    const signedOut = needs(FIRST_SCREENS.public);
    const signedIn = needs(FIRST_SCREENS.signedIn);
    const named = new Map<string, string>();
    for (const id of signedOut) named.set(id, signedIn.has(id) ? 'first-screens' : 'first-public');
    for (const id of signedIn) if (!signedOut.has(id)) named.set(id, 'first-signed-in');
    return named;
  };
  const group =
    (name: string): Rolldown.CodeSplittingNameFunction =>
    (id, ctx) => {
      let named = groups.get(ctx);
      if (!named) {
        named = assign(ctx);
        groups.set(ctx, named);
      }
      return named.get(id) === name ? name : null;
    };
  return { shared: group('first-screens'), public: group('first-public'), signedIn: group('first-signed-in') };
}

const firstScreens = firstScreenGroups(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(release.version),
  },
  plugins: [
    // options in tsr.config.json, shared with scripts/generate-routes.ts
    tanstackRouter(),
    react(),
    linguiMacro(),
    lingui({ failOnMissing: process.env.LINGUI_ALLOW_MISSING !== '1', failOnCompileError: true }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The icons are already in the precache through globPatterns (png).
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
      },
      manifest: {
        id: '/',
        name: 'Sarraf — send money home',
        short_name: 'Sarraf',
        description: 'Send money to family abroad: clear fees, fast delivery.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        lang: 'en-GB',
        categories: ['finance'],
        background_color: '#ffffff',
        theme_color: '#0b5d4b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'New transfer',
            short_name: 'Send',
            url: '/send-money/quote',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Transfers',
            short_name: 'Transfers',
            url: '/transfers',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
    }),
    versionFile(),
    routePreloads({ everyPage: EVERY_PAGE, beforeRender: BEFORE_RENDER }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The framework every screen needs ships as one file: many tiny
        // shared chunks each cost a request and compress worse apart.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|@lingui|superstruct|idb-keyval)[\\/]/,
            },
            {
              // What every first screen runs besides the framework: the route definitions (their screens are
              // split off, `?tsr-split`), the session and its guards, the error modal, error reporting, the
              // install offer's capture, the support chat's host (its dialog loads when opened) and the cookie notice's. As one file they compress
              // together instead of costing a request and a chunk's overhead each (measured: 123.2 → 114.6 KB gzip, 27 → 4 files).
              name: 'shell',
              test: /src[\\/](client[\\/](routes[\\/][^?]+\.tsx$|lib[\\/](session|error-modal)[\\/]|lib[\\/](local-settings|locale-preference|persisted-atom|search-params|i18n|brand|config)\.ts$|ui[\\/](button|dialog|skip-link)\.tsx?$|lib[\\/]app-install[\\/]install-prompt\.ts$|features[\\/](not-found[\\/]|error-reporting[\\/]|support-chat[\\/](support-chat-host\.tsx|chat-open\.ts)$|cookie-consent[\\/]cookie-consent-host\.tsx$))|domain[\\/](onboarding-steps|verification|sw-messages)\.ts$)/,
            },
            { name: firstScreens.shared },
            { name: firstScreens.public },
            { name: firstScreens.signedIn },
            {
              // The domain (contracts, rules) by the set of screens that use it, never merged: a module's imports
              // then always sit in a chunk shared by at least its own screens, so these chunks never import each
              // other in a cycle, and a contract that builds its structs from another's as it loads (endpoint(),
              // assign()) always finds them built. They import nothing but the framework.
              name: lazyGroup(/src[\\/]domain[\\/]/, 'domain'),
              entriesAware: true,
            },
            {
              // The screens' shared client code by the set of screens that use it, small groups merged with their
              // closest neighbour: left to itself the bundler makes a file of every module two screens share, and
              // the sign-in screen fetched 28 of them (each a round trip on a slow phone network). Merging can make
              // two of these chunks import each other; nothing in them runs another chunk's code as it loads.
              name: lazyGroup(/src[\\/]client[\\/]/, 'screens'),
              entriesAware: true,
              entriesAwareMergeThreshold: 12_000,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/sandbox': 'http://localhost:8080',
    },
  },
});
