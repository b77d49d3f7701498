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
import { firstScreensReach, staticReach } from './first-screens.ts';

/** `locales/sv/messages.po?part=first`: a language's messages the first screens show, or the rest of them. */
const PART = /[/\\]locales[/\\][\w-]+[/\\]messages\.po\?part=(first|rest)$/;
/** Where the build puts a part's messages once it knows which are whose (`renderChunk`). */
const CATALOG_SLOT = /(["'`])__sarraf_catalog_([\w-]+)_(first|rest)__\1/g;
/** Where the build says whether a dynamically imported module shows messages of the rest. */
const REST_SLOT = /(["'`])__sarraf_rest_(\d+)__\1/g;

type Compiled = Record<string, unknown>;

interface PartsOptions {
  /** The module (from the project's root) that exports `catalogRestFor(module, needsRest)` and loads the parts. */
  loader: string;
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
 * So that nothing shows a message before it is there, every `import(…)` in the app's code waits for the rest as
 * well (`catalogRestFor`) when the module it loads, or what that imports, shows a message of the rest; the build
 * says which once it knows the whole module graph (`renderChunk`, before the files' hashes are made).
 *
 * Outside a build (the dev server, the tests) the first part is the whole catalog and the rest is empty.
 */
export function catalogParts({ loader, failOnMissing }: PartsOptions): Plugin {
  const config = getConfig({});
  const { rootDir: root = process.cwd(), sourceLocale = 'en-GB', fallbackLocales = {} } = config;
  const loaderId = resolve(root, loader);
  let building = false;
  /** Each language's compiled messages and, for each message, the files the catalog names it in. */
  const catalogs = new Map<string, { compiled: Compiled; origins: Map<string, string[]> }>();
  /** The module each `import(…)` loads, by the number of its slot; null where the build cannot tell. */
  const imported: (string | null)[] = [];
  let split: { first: Set<string>; needsRest: (id: string) => boolean } | undefined;

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

  /** Which messages are first, and which modules show a message of the rest, from the whole module graph. */
  function splitOf(infoOf: InfoOf) {
    const reach = firstScreensReach(infoOf, root);
    const firstFiles = new Set([...reach].map((id) => sourceFile(root, id)));
    const first = new Set<string>();
    const restFiles = new Set<string>();
    for (const { origins } of catalogs.values()) {
      for (const [messageId, files] of origins) {
        // a message the catalog names no place for stays first: nothing can tell when it shows
        if (files.length === 0 || files.some((file) => firstFiles.has(file))) first.add(messageId);
        else for (const file of files) restFiles.add(file);
      }
    }
    const needsRest = (id: string) =>
      [...staticReach(infoOf, [id], reach)].some((module) => restFiles.has(sourceFile(root, module)));
    return { first, needsRest };
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
    transform: {
      filter: { id: [PART, /[/\\]src[/\\]client[/\\][^?]+\.tsx?(?:$|\?)/] },
      async handler(code, id) {
        const part = PART.exec(id)?.[1];
        if (part) {
          const { locale, compiled, origins } = await compiledCatalog(id, code);
          if (!building) {
            const messages = part === 'first' ? compiled : {};
            return {
              code: `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
              map: null,
              moduleType: 'js',
            };
          }
          catalogs.set(locale, { compiled, origins });
          return {
            code: `export const messages=JSON.parse("__sarraf_catalog_${locale}_${part}__");`,
            map: null,
            moduleType: 'js',
          };
        }
        if (!building || id === loaderId || !code.includes('import(')) return null;
        return waitForRest(this, code, id);
      },
    },
    renderChunk(code) {
      if (!code.includes('__sarraf_')) return null;
      split ??= splitOf((id) => this.getModuleInfo(id));
      const { first, needsRest } = split;
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
            return target === null || target === undefined || needsRest(target) ? '1' : '0';
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
