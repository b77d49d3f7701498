import { createHash } from 'node:crypto';
import { relative, resolve } from 'node:path';
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  createMissingErrorMessage,
  getCatalogForFile,
  getCatalogs,
} from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { type Plugin, parseAst, type Rolldown } from 'vite';
import { isLocale } from '../src/domain/locales.ts';
import { pageCatalogFile } from '../src/domain/precache-files.ts';
import { eachFirstScreenReach, firstScreensReach, staticReach } from './first-screens.ts';

/** `locales/sv/messages.po?part=first`: a language's messages the first screens show, or the rest of them. */
const PART = /[/\\]locales[/\\][\w-]+[/\\]messages\.po\?part=(first|rest)$/;
/** Where the build puts a part's messages once it knows which are whose (`renderChunk`). */
const CATALOG_SLOT = /(["'`])__sarraf_catalog_([\w-]+)_(first|rest)__\1/g;
/**
 * Where the build says which messages a dynamically imported module's screen needs (`catalogRestFor`): 1 when it shows
 * a message of the rest, 0 when every first screen's own messages hold all it shows, else the set of those that do
 * (bit n + 1 for the n-th of `FIRST_SCREENS`).
 */
const REST_SLOT = /(["'`])__sarraf_rest_(\d+)__\1/g;

type Compiled = Record<string, unknown>;

/** A catalog part's module, which exports its messages. */
const moduleOf = (messages: Compiled) =>
  `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;

/** The app's modules that load the catalog's parts (`PartsOptions`). */
export const CATALOG_MODULES = { loader: 'src/client/lib/i18n.ts', files: 'src/client/lib/catalog-files.ts' };

interface PartsOptions {
  /** The module (from the project's root) that exports `catalogRestFor(module, slot)` and activates the parts. */
  loader: string;
  /** The module (from the project's root) that imports each language's parts. */
  files: string;
  failOnMissing: boolean;
}

/** What the bundler says of a module: the modules it imports statically. */
type InfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** A module id's file from the project's root, without its query: how a catalog names a message's origin. */
const sourceFile = (root: string, id: string) => relative(root, id.split('?', 1)[0] ?? id).replaceAll('\\', '/');

/**
 * Splits each language's catalog in two (docs/decisions.md, "The first screens' messages first"): `?part=first`,
 * the messages of every module a first screen's page runs as it opens (`firstScreensReach`), which the page names
 * in its head beside its code, and `?part=rest`, every other message, which the app loads after the first paint.
 * A message is first if any of the places the catalog names for it (`#:`) is such a module.
 *
 * A first visit needs less: each first screen's own messages, those of the modules its page runs as it opens
 * (`pageCatalogFile`), which the server names in that screen's page instead of the first part (docs/decisions.md, "A
 * first visit's messages are its page's").
 *
 * So that nothing shows a message before it is there, every `import(…)` in the app's code waits for the rest as
 * well (`catalogRestFor`) when the module it loads, or what that imports, shows a message the messages loaded so far
 * lack; the build says which once it knows the whole module graph (`renderStart`, before the files' hashes are made).
 *
 * Outside a build (the dev server, the tests) the first part is the whole catalog and the rest is empty.
 */
export function catalogParts({ loader, files, failOnMissing }: PartsOptions): Plugin {
  const config = getConfig({});
  const { rootDir: root = process.cwd(), sourceLocale = 'en-GB', fallbackLocales = {} } = config;
  const loaderId = resolve(root, loader);
  /** The modules whose imports are the catalog's parts themselves, which wait for nothing. */
  const unwrapped = new Set([loaderId, resolve(root, files)]);
  let building = false;
  /** Each language's compiled messages and, for each message, the files the catalog names it in. */
  const catalogs = new Map<string, { compiled: Compiled; origins: Map<string, string[]> }>();
  /** The module each `import(…)` loads, by the number of its slot; null where the build cannot tell. */
  const imported: (string | null)[] = [];
  let split: ReturnType<typeof splitOf> | undefined;

  let catalogFiles: ReturnType<typeof getCatalogs> | undefined;
  /** Each catalog file's compiled messages, by its text: its two parts are made from one reading of it. */
  const compiledOf = new Map<string, { text: string; compiled: ReturnType<typeof compile> }>();

  /** The catalog file `id` names, compiled once for both its parts, again when its text has changed (dev server). */
  function compiledCatalog(id: string, text: string) {
    const file = relative(root, id.split('?', 1)[0] ?? id);
    const known = compiledOf.get(file);
    if (known?.text === text) return known.compiled;
    const compiled = compile(file);
    compiledOf.set(file, { text, compiled });
    return compiled;
  }

  async function compile(file: string) {
    catalogFiles ??= getCatalogs(config);
    const found = getCatalogForFile(file, await catalogFiles);
    if (!found) throw new Error(`${file} is not one of lingui.config's catalogs`);
    const { locale, catalog } = found;
    const { messages, missing } = await catalog.getTranslations(locale, {
      fallbackLocales: fallbackLocales || {},
      sourceLocale,
    });
    if (failOnMissing && missing.length > 0) throw new Error(createMissingErrorMessage(locale, missing, 'loader'));
    const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json' });
    if (errors.length > 0) throw new Error(createCompilationErrorMessage(locale, errors));
    const origins = new Map(
      Object.entries(await catalog.read(locale)).map(([messageId, { origin = [] }]) => [
        messageId,
        origin.map(([path]) => path.replaceAll('\\', '/')),
      ]),
    );
    const compiled = (JSON.parse(source) as { messages: Compiled }).messages;
    return { locale, compiled, origins };
  }

  /**
   * Which messages are first, which are each first screen's own, and what each `import(…)`'s module needs of them
   * (its slot's number, `REST_SLOT`), from the whole module graph.
   */
  function splitOf(infoOf: InfoOf) {
    const filesOf = (modules: Set<string>) => new Set([...modules].map((id) => sourceFile(root, id)));
    /** The messages of the modules `files`: those the catalog names a place in them for, and those it names none for. */
    const messagesIn = (files: Set<string>) => {
      const messages = new Set<string>();
      for (const { origins } of catalogs.values()) {
        for (const [messageId, places] of origins) {
          // a message the catalog names no place for is everywhere: nothing can tell when it shows
          if (places.length === 0 || places.some((file) => files.has(file))) messages.add(messageId);
        }
      }
      return messages;
    };
    /** Each module's messages, by its file. */
    const messagesOf = new Map<string, string[]>();
    for (const { origins } of catalogs.values()) {
      for (const [messageId, places] of origins) {
        for (const file of places) messagesOf.set(file, [...(messagesOf.get(file) ?? []), messageId]);
      }
    }
    const reach = firstScreensReach(infoOf, root);
    const first = messagesIn(filesOf(reach));
    const screens = [...eachFirstScreenReach(infoOf, root)].map(([screen, opened]) => ({
      screen,
      opened,
      messages: messagesIn(filesOf(opened)),
    }));
    /** Whether every message `modules` show (the modules `id` imports, directly or not, past `known`) is of `part`. */
    const holds = (id: string, known: Set<string>, part: Set<string>) =>
      [...staticReach(infoOf, [id], known)].every((module) =>
        (messagesOf.get(sourceFile(root, module)) ?? []).every((messageId) => part.has(messageId)),
      );
    const every = (2 << screens.length) - 2;
    const slotOf = (id: string) => {
      if (!holds(id, reach, first)) return 1;
      const mask = screens.reduce(
        (bits, { opened, messages }, n) => (holds(id, opened, messages) ? bits | (2 << n) : bits),
        0,
      );
      // what every screen's own messages hold is said in fewer bytes: most such imports are in the first load
      return mask === every ? 0 : mask;
    };
    return { first, screens, slotOf };
  }

  return {
    name: 'sarraf-catalog-parts',
    enforce: 'post',
    configResolved(resolved) {
      building = resolved.command === 'build';
    },
    buildStart() {
      catalogs.clear();
      imported.length = 0;
      split = undefined;
    },
    renderStart() {
      if (!building) return;
      split = splitOf((id) => this.getModuleInfo(id));
      // each first screen's own messages in each language, for the server to name in that screen's page
      for (const [locale, { compiled }] of catalogs) {
        if (!isLocale(locale)) throw new Error(`${locale} is not one of the app's languages`);
        for (const { screen, messages } of split.screens) {
          const source = moduleOf(Object.fromEntries(Object.entries(compiled).filter(([id]) => messages.has(id))));
          const hash = createHash('sha256').update(source).digest('base64url').slice(0, 7);
          this.emitFile({ type: 'asset', fileName: pageCatalogFile(locale, screen, hash), source });
        }
      }
    },
    transform: {
      filter: { id: [PART, /[/\\]src[/\\]client[/\\][^?]+\.tsx?(?:$|\?)/] },
      async handler(code, id) {
        const part = PART.exec(id)?.[1];
        if (part) {
          const { locale, compiled, origins } = await compiledCatalog(id, code);
          if (!building) return { code: moduleOf(part === 'first' ? compiled : {}), map: null, moduleType: 'js' };
          catalogs.set(locale, { compiled, origins });
          return {
            code: `export const messages=JSON.parse("__sarraf_catalog_${locale}_${part}__");`,
            map: null,
            moduleType: 'js',
          };
        }
        if (!building || unwrapped.has(id) || !code.includes('import(')) return null;
        return waitForRest(this, code, id);
      },
    },
    renderChunk(code) {
      if (!code.includes('__sarraf_')) return null;
      split ??= splitOf((id) => this.getModuleInfo(id));
      const { first, slotOf } = split;
      return {
        code: code
          .replace(CATALOG_SLOT, (_, _quote, locale: string, part: string) => {
            const compiled = catalogs.get(locale)?.compiled;
            if (!compiled) throw new Error(`no catalog for ${locale}`);
            const messages = Object.fromEntries(
              Object.entries(compiled).filter(([messageId]) => first.has(messageId) === (part === 'first')),
            );
            return JSON.stringify(JSON.stringify(messages));
          })
          .replace(REST_SLOT, (_, _quote, slot: string) => {
            const target = imported[Number(slot)];
            // an import the build could not follow waits for the rest: it may show anything
            return target === null || target === undefined ? '1' : String(slotOf(target));
          }),
        map: null,
      };
    },
  };

  /** `import(x)` → `catalogRestFor(import(x), <slot>)`, the slot naming the module x is. */
  async function waitForRest(ctx: Rolldown.TransformPluginContext, code: string, id: string) {
    const imports: { start: number; end: number; source: string | undefined }[] = [];
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const child of node) visit(child);
        return;
      }
      const record = node as Record<string, unknown> & { type?: string; start?: number; end?: number };
      if (record.type === 'ImportExpression' && typeof record.start === 'number' && typeof record.end === 'number') {
        const source = record.source as { type?: string; value?: unknown } | undefined;
        imports.push({
          start: record.start,
          end: record.end,
          source: source?.type === 'Literal' && typeof source.value === 'string' ? source.value : undefined,
        });
      }
      for (const [key, child] of Object.entries(record)) if (key !== 'type') visit(child);
    };
    visit(parseAst(code, { lang: 'js' }));
    if (imports.length === 0) return null;
    let rewritten = code;
    for (const { start, end, source } of imports.sort((a, b) => b.start - a.start)) {
      const target = source === undefined ? null : await ctx.resolve(source, id);
      const slot = imported.push(target?.id ?? null) - 1;
      const wrapped = `__catalogRestFor(${code.slice(start, end)},"__sarraf_rest_${slot}__")`;
      rewritten = rewritten.slice(0, start) + wrapped + rewritten.slice(end);
    }
    return {
      code: `import{catalogRestFor as __catalogRestFor}from${JSON.stringify(loaderId)};${rewritten}`,
      map: null,
    };
  }
}
