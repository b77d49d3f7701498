import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CATALOG_MODULES, catalogParts } from './scripts/catalog-parts-plugin.ts';
import { dynamicFacades } from './scripts/dynamic-facades-plugin.ts';
import {
  BEFORE_RENDER,
  ENTRY,
  EVERY_PAGE,
  FIRST_SCREENS,
  openingModules,
  screenModules,
  staticReach,
} from './scripts/first-screens.ts';
import { linguiMacro } from './scripts/lingui-macro-plugin.ts';
import { routePreloads } from './scripts/route-preloads-plugin.ts';
import { isLocale } from './src/domain/locales.ts';
import { languageFilePrefix, ON_DEMAND_FILE, PAGE_CATALOG_FILE } from './src/domain/precache-files.ts';
import { ROUTE_PRELOADS_FILE } from './src/domain/shell-pages.ts';

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
 * The interface language a module belongs to alone: its catalog, or the CLDR names some browsers lack
 * (`lib/date-names.ts`, `lib/region-names.ts`). Their files are named for the language (`languageFilePrefix`), so the
 * service worker precaches only the customer's own.
 */
function languageOf(id: string | null | undefined): string | undefined {
  const path = id?.replaceAll('\\', '/') ?? '';
  const catalog = /\/locales\/([\w-]+)\/messages\.po\?part=\w+$/.exec(path)?.[1];
  if (isLocale(catalog)) return catalog;
  return /\/src\/client\/lib\/somali-(?:date|region)-names\.json$/.test(path) ? 'so' : undefined;
}

/** Whether a module is imported, directly or not, by the app's entry: code the first load carries. */
function entryReach(): (id: string, ctx: Rolldown.ChunkingContext) => boolean {
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
  return (id, ctx) => reachedFromEntry(id, ctx, new Set());
}

/**
 * App code that a screen needs besides its own route chunk, outside the first load (code the app's entry
 * imports, directly or not, is the first load): the modules of `folder` named `name` for rolldown's grouping.
 */
function lazyGroup(folder: RegExp, name: string): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  const reached = entryReach();
  return (id, ctx) => (folder.test(id) && !id.includes('?tsr-split') && !reached(id, ctx) ? name : null);
}

/** The modules of `folder` the first load runs (the app's entry imports them, directly or not), named `name`. */
function entryGroup(folder: RegExp, name: string): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  const reached = entryReach();
  return (id, ctx) => (folder.test(id) && reached(id, ctx) ? name : null);
}

/** The libraries every screen runs on. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|@lingui|superstruct|idb-keyval)[\\/]/;

/**
 * Less code than this (before minifying) is not worth a file of its own: about a round trip's worth on a slow network.
 * (8,000 until the styles were one file; at 16,000 the eleven first screens load 81 scripts, not 101, for 5 KB brotli
 * more in all: docs/decisions.md, "First screens' shared code in fewer files". 20,000 since the client imports each
 * call's own contract file, with `MAX_WASTED_BYTES` at 24,000: the eleven first screens load 33 KB brotli less before
 * their first paint than at 16,000 and 48,000, and the shell names fewer files than at 16,000 and 24,000.)
 */
const MIN_GROUP_BYTES = 20_000;
/**
 * A small set's code stays a file of its own when joining a wider set's file would have the screens it adds load more
 * than this (its bytes × those screens): `/country-of-residence`'s own 7.5 KB had gone to every page but the
 * transfer's (1.1 KB gzip on each of ten pages, for one more file on one). 48,000 until the client imported each
 * call's own contract file: then `/registration-name`'s 15 KB joined the file `/sign-in`, the pay step and `/profile`
 * load (`/profile` 10 KB brotli more before its first paint).
 */
const MAX_WASTED_BYTES = 24_000;

/**
 * A group's files by the set of `FIRST_SCREENS` that need its modules: `first-screens` what every one needs,
 * `first-<screen>` what one alone needs, `first-shared` (one file per set) what some of them need. A set's code under
 * `MIN_GROUP_BYTES` joins the smallest wider set's file (a screen that needs it loads that file anyway; a screen
 * of the wider set loads the few bytes it does not run, `MAX_WASTED_BYTES` at most). So no screen loads another's code
 * beyond those few bytes; grouped by kind of screen (signed out, signed in), `/wallets` had loaded the quote's and the
 * sign-in screen's files for 0.4 KB of them, 130 KB of code before minifying that it did not run.
 */
function firstScreenGroup(root: string): Rolldown.CodeSplittingGroup {
  const screens = Object.entries(FIRST_SCREENS);
  const everyScreen = screens.map(([screen]) => screen).join('~');
  const reach = (ctx: Rolldown.ChunkingContext, from: string[], stop?: Set<string>) =>
    staticReach((id) => ctx.getModuleInfo(id), from, stop);
  /** Each module's set of screens, as `home~wallets` (in `FIRST_SCREENS`' order), after small sets joined wider ones. */
  const assign = (ctx: Rolldown.ChunkingContext) => {
    const firstLoad = reach(ctx, [resolve(root, ENTRY)]);
    const neededBy = new Map<string, string[]>();
    for (const [screen, file] of screens) {
      for (const id of reach(ctx, [...screenModules(root, file), ...openingModules(root, file)], firstLoad)) {
        neededBy.set(id, [...(neededBy.get(id) ?? []), screen]);
      }
    }
    const bytes = new Map<string, number>();
    for (const [id, by] of neededBy) {
      const set = by.join('~');
      bytes.set(set, (bytes.get(set) ?? 0) + (ctx.getModuleInfo(id)?.code?.length ?? 0));
    }
    // widest sets first, so a small set finds the wider sets' files already decided
    const members = (set: string) => new Set(set.split('~'));
    const sets = [...bytes.keys(), everyScreen].sort((a, b) => members(b).size - members(a).size);
    const fileOf = new Map<string, string>();
    for (const set of sets) {
      if (fileOf.has(set)) continue;
      if (set === everyScreen || (bytes.get(set) ?? 0) >= MIN_GROUP_BYTES) {
        fileOf.set(set, set);
        continue;
      }
      const own = members(set);
      const wider = [...new Set(fileOf.values())]
        .map((file) => ({ file, size: members(file).size }))
        .filter(({ file, size }) => size > own.size && [...own].every((screen) => members(file).has(screen)))
        .sort((a, b) => a.size - b.size || (bytes.get(b.file) ?? 0) - (bytes.get(a.file) ?? 0));
      const into = wider[0]?.file ?? everyScreen;
      // unless the screens that would load it for nothing cost more than a file of its own
      const wasted = (bytes.get(set) ?? 0) * (members(into).size - own.size);
      fileOf.set(set, wasted > MAX_WASTED_BYTES ? set : into);
    }
    return new Map([...neededBy].map(([id, by]) => [id, fileOf.get(by.join('~')) ?? everyScreen]));
  };
  const assigned = new WeakMap<Rolldown.ChunkingContext, Map<string, string>>();
  const groupName = (set: string) => {
    if (set === everyScreen) return 'first-screens';
    return set.includes('~') ? `first-shared~${set}` : `first-${set}`;
  };
  return {
    // one file per set; each takes exactly its modules (their imports are named too, to their own sets' files)
    name: (id, ctx) => {
      let files = assigned.get(ctx);
      if (!files) {
        files = assign(ctx);
        assigned.set(ctx, files);
      }
      const set = files.get(id);
      return set === undefined ? null : groupName(set);
    },
    includeDependenciesRecursively: false,
  };
}

const screensGroup = lazyGroup(/src[\\/]client[\\/]/, 'screens');

/**
 * A built file's content hash in its name: 7 base64url characters (42 bits), not rolldown's default 8 (it refuses 6
 * for as many chunks as this build has). The shell lists the file names of every chunk (and its styles) the routes
 * preload, and a hash is the part of a name gzip cannot shorten: 7 characters instead of 8 made the first load
 * 157 bytes smaller (117,402 → 117,245 gzip, `scripts/bench/bundle-size.ts`).
 */
const HASH = '[hash:7]';

/** A group's chunk for a set of screens (`screens~a~b~c`) by its group's name alone; any other name as it is. */
function shortChunkName(name: string): string {
  return name.split('~')[0] || name;
}

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(release.version),
  },
  plugins: [
    // options in tsr.config.json, shared with scripts/generate-routes.ts
    tanstackRouter(),
    react(),
    linguiMacro(),
    // Lingui's check that no macro is left uncompiled; the catalogs themselves are compiled by catalogParts (each
    // language's first screens' messages, then the rest)
    lingui({ failOnCompileError: true }),
    catalogParts({
      ...CATALOG_MODULES,
      failOnMissing: process.env.LINGUI_ALLOW_MISSING !== '1',
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The icons are already in the precache through globPatterns (png).
      includeManifestIcons: false,
      injectManifest: {
        // with each page's chunks, which the worker names in the shell it answers a navigation with (sw/navigation.ts)
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}', ROUTE_PRELOADS_FILE],
        // The 512 px icons (4.7 KB brotli) only the browser itself reads, from the network, as it installs the app:
        // no page shows them. The 192 px one stays (the home-screen icon on iOS, the push notifications' icon).
        globIgnores: ['icons/*-512.png'],
        // what needs the network anyway is kept once used, not installed (sw/on-demand.ts); a first screen's own
        // messages serve its first visit alone (the worker's pages name the first part of the catalog)
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter(({ url }) => !ON_DEMAND_FILE.test(url) && !PAGE_CATALOG_FILE.test(url)),
            warnings: [],
          }),
        ],
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
    routePreloads({ everyPage: EVERY_PAGE, beforeRender: BEFORE_RENDER, firstScreens: FIRST_SCREENS }),
    dynamicFacades(),
  ],
  build: {
    target: 'es2022',
    // No `<link rel="modulepreload">` polyfill: every browser the app works in preloads modules itself (its header
    // menus are native popovers: Chrome 114, Safari 17, Firefox 125; modulepreload came in 66, 17 and 115), and the
    // polyfill was 0.3 KB of every first load (docs/decisions.md, "`/home`, `/transfers`, `/recipients` and `/profile` ask for their data as the route
    // resolves").
    modulePreload: { polyfill: false },
    // The app's styles are one file, named in the page's head: 9 KB gzip for every screen, where split by chunk they
    // were 18 KB in 29 files (shared modules' rules repeated in each chunk's file) and `/home` loaded 7 of them before
    // its first paint, the later ones only once the router had run (docs/decisions.md, "The app's styles are one
    // file"). Adyen Web's, 19 KB, load with its component (lib/card-payment/adyen-card-form.tsx).
    cssCodeSplit: false,
    sourcemap: false,
    rolldownOptions: {
      // The domain's modules (rules, the API contract) do nothing as they load: a file whose exports no page uses is
      // left out. An area's table of calls (`walletsApi`) imports all its files; the client imports the file of the
      // calls it makes (`balanceCalls`), so a page carries the contract of what it asks, not of its whole area
      // (docs/decisions.md, "A page carries the contract of the calls it makes").
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]domain[\\/]/, sideEffects: false }] },
      output: {
        // A chunk shared by a set of screens is named by its group alone (`screens-…`, `domain-…`), not by the
        // whole set (`screens~reporter~transfers…~verifying-in-progress-…`): the shell lists every chunk a route
        // preloads, and the long names cost its first load about 0.3 KB gzip. For the same list the chunks' and
        // styles' hashes are 7 characters (`HASH`), not 8.
        chunkFileNames: ({ facadeModuleId, name }) => {
          const locale = languageOf(facadeModuleId);
          // a catalog's part by its name: `lang~sv~messages-first-….js`
          const part = /\?part=(\w+)$/.exec(facadeModuleId ?? '')?.[1];
          if (isLocale(locale)) return `${languageFilePrefix(locale)}[name]${part ? `-${part}` : ''}-${HASH}.js`;
          return `assets/${shortChunkName(name)}-${HASH}.js`;
        },
        assetFileNames: ({ names }) => {
          const [name = 'asset'] = names;
          const dot = name.lastIndexOf('.');
          return dot > 0
            ? `assets/${shortChunkName(name.slice(0, dot))}-${HASH}[extname]`
            : `assets/[name]-${HASH}[extname]`;
        },
        // The framework every screen needs ships as one file: many tiny
        // shared chunks each cost a request and compress worse apart.
        codeSplitting: {
          groups: [
            // Only what the first load runs: the rest of these libraries (the router's blocker and scroll restoration,
            // superstruct's structs the contracts use, …) ships with the screens that use them, not before the first paint.
            { name: entryGroup(FRAMEWORK, 'framework') },
            {
              // What every first screen runs besides the framework: the route definitions (their screens are
              // split off, `?tsr-split`), the session and its guards, the error modal, error reporting's listeners, the
              // install offer's capture, the support chat's host (its dialog loads when opened) and the cookie notice's. As one file they compress
              // together instead of costing a request and a chunk's overhead each (measured: 123.2 → 114.6 KB gzip, 27 → 4 files).
              // Only what the entry imports: what these folders hold for later (the sign-out, the reporter) loads later.
              name: entryGroup(
                /src[\\/](client[\\/](routes[\\/][^?]+\.tsx$|lib[\\/](session|error-modal)[\\/]|lib[\\/](local-settings|locale-preference|persisted-atom|search-params|i18n|brand|config)\.ts$|ui[\\/](button|dialog|skip-link)\.tsx?$|lib[\\/]app-install[\\/]install-prompt\.ts$|features[\\/](not-found[\\/]|error-reporting[\\/]start-error-reporting\.ts$|support-chat[\\/](support-chat-host\.tsx|chat-open\.ts)$|cookie-consent[\\/]cookie-consent-host\.tsx$))|domain[\\/](onboarding-steps|verification|sw-messages)\.ts$)/,
                'shell',
              ),
            },
            {
              // The Sentry sender (ERROR_REPORTING=sentry) with @sentry/browser and @sentry/core: one file, loaded
              // only when the server names a DSN and an error is reported, never part of the shell's first load.
              name: 'sentry',
              test: /node_modules[\\/]@sentry[\\/]|src[\\/](client[\\/]features[\\/]error-reporting[\\/]sentry-sender|domain[\\/]sentry-event)\.ts$/,
            },
            {
              // Adyen Web (the card component, with its preact) and our form around it: one file, loaded only when
              // the pay or top-up step shows Adyen's card fields, never merged into a screen's shared chunk. Without
              // what the form imports (the app's fields and buttons): a group takes a module's imports along unless
              // told not to, and then every first screen imported them from this 84 KB file.
              name: 'adyen-web',
              test: /node_modules[\\/](@adyen|preact|classnames)[\\/]|src[\\/]client[\\/]lib[\\/]card-payment[\\/]adyen-card-form\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              // Onfido's Web SDK loader and our capture around it (IDENTITY_CAPTURE=onfido): one small file, loaded
              // only when the server starts a capture with the SDK; the loader fetches the SDK from Onfido itself.
              name: 'onfido',
              test: /node_modules[\\/]onfido-sdk-ui[\\/]|src[\\/]client[\\/]features[\\/]verification[\\/]onfido-capture\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              // The PDF writer (pdf-lib, fontkit, the inlined Noto fonts, our lib/pdf and the *-pdf.ts that use it):
              // one file, loaded only when a receipt or statement PDF is asked for, never merged into a screen's
              // shared chunk (merged, the small `_background` layout's code took the whole writer along).
              name: 'pdf',
              test: /node_modules[\\/](pdf-lib|@pdf-lib|@fontsource|pako|tslib)[\\/]|src[\\/]client[\\/](lib[\\/]pdf[\\/]|features[\\/][\w-]+[\\/][\w-]+-pdf\.ts$)/,
              // pdf-lib's own dependencies named (pako, tslib), and without what a *-pdf.ts imports of the screens (the
              // statement's table, money, month names): taken along, the wallet screen imported them from this file
              // and preloaded the whole writer with them.
              includeDependenciesRecursively: false,
            },
            {
              // The recipient form (SPEC §5's fields, the account lookup, the payout card, the mobile number typed
              // again) and what it alone uses: one file, for the screens that show the form (the send flow's
              // recipient steps, and on /recipients and a transfer's page once the customer adds, edits or corrects
              // one: loaded then). As the screens' shared chunks' merge target it had taken small modules other
              // screens need (country-in-text, a dialog's helpers), so /recipients, a transfer's page, /support and
              // the legal pages loaded it, and the phone-number metadata it imports (≈ 29 KB brotli), before their
              // first paint.
              name: 'recipient-form',
              test: /src[\\/]client[\\/]features[\\/](send-money[\\/](add-recipient|new-recipient-step)|beneficiaries[\\/](beneficiary-form|schema-field|payout-card-field|use-payout-card-entry|use-account-search|account-search-status|field-messages|value-input|server-field-errors|account-check-errors|account-check-dialog|recipient-card-country-dialog|recipient-exists-dialog|existing-recipient|mobile-confirmation|new-recipient-form|recipient-editor|payout-details-form))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            firstScreenGroup(fileURLToPath(new URL('.', import.meta.url))),
            {
              // The error reporter and its sender, which every page loads just after its first paint
              // (start-error-reporting.ts): one small file of their own. In the screens' shared chunks, the sender
              // came in a chunk that imports most screens' code, and every page opening loaded some thirty files
              // more while its data was still to show (measured with `npm run bench -- --offline`).
              name: 'error-reporter',
              test: /src[\\/]client[\\/]features[\\/]error-reporting[\\/](reporter|report-sending|sample-rates)\.ts$/,
            },
            {
              // The domain (contracts, rules) by the set of screens that use it, never merged: a module's imports
              // then always sit in a chunk shared by at least its own screens, so these chunks never import each
              // other in a cycle, and a contract that builds its structs from another's as it loads (endpoint(),
              // assign()) always finds them built. They import nothing but the framework.
              name: lazyGroup(/src[\\/]domain[\\/]/, 'domain'),
              entriesAware: true,
            },
            {
              // What the screens use of the framework's libraries besides the first load, by the set of screens that use it.
              name: lazyGroup(FRAMEWORK, 'framework-lazy'),
              entriesAware: true,
              entriesAwareMergeThreshold: 12_000,
            },
            {
              // The screens' shared client code by the set of screens that use it, small groups merged with their
              // closest neighbour: left to itself the bundler makes a file of every module two screens share, and
              // the sign-in screen fetched 28 of them (each a round trip on a slow phone network). Merging can make
              // two of these chunks import each other; nothing in them runs another chunk's code as it loads.
              // Only groups under 4,500 bytes merge: merged up to 12,000, a page's chunk carried other screens' code
              // and that code's imports came along (the sign-in screen's chunk, the phone-number metadata), so
              // `/transfers` loaded 110 KB brotli of JS besides the first load, now 50 KB. Lower thresholds gained
              // little more, and each chunk more is a name more in the shell's list of what routes preload (`HASH`)
              // and a file more in the precache, where small files compress worse.
              // (a language's own data stays a file of its own: languageOf)
              name: (id, ctx) => (languageOf(id) ? null : screensGroup(id, ctx)),
              entriesAware: true,
              entriesAwareMergeThreshold: 4_500,
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
