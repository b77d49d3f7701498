import type { Plugin, Rolldown } from 'vite';

/**
 * `export{t as component,n as other}from"./first-home-….js";`: a chunk that only re-exports another, made for a
 * dynamically imported module the chunking put into a shared chunk. The captures: the export list, the target file.
 */
export const FACADE = /^export\s*\{([^}]*)\}\s*from\s*(["'`])\.\/([\w~.-]+\.js)\2;?\s*$/;

/** `t as component,n as other` → `{component:n.t,other:n.n}`: the namespace the facade gave its importers. */
function namespaceOf(exportList: string): string | undefined {
  const fields: string[] = [];
  for (const part of exportList.split(',')) {
    const [local, exported = local] = part.trim().split(/\s+as\s+/);
    if (!local || !/^[\w$]+$/.test(local) || !/^[\w$]+$/.test(exported ?? '')) return undefined;
    fields.push(`${exported}:n.${local}`);
  }
  return `{${fields.join(',')}}`;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Leaves out the chunks that only re-export another for a dynamic import (rolldown makes one for each
 * dynamically imported module its chunking put into a shared chunk; rollup does not: rolldown issue #9729): each
 * import of one loads its target and picks the same names (`import("./t.js").then(n=>({component:n.t}))`), and
 * vite's preload lists name the target. Each such file had been a request of its own of about 60 bytes as a page
 * opened: five on `/home` (its route, its layout, the cookie notice, the API client, the user contract), a round
 * trip each on a slow phone network, six at a time.
 *
 * Chunk and file names keep their hashes: an importer's hash already changed with the facade's name, and the
 * facade's name with its target's content.
 */
export function dynamicFacades(): Plugin {
  return {
    name: 'sarraf-dynamic-facades',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const staticallyImported = new Set(chunks.flatMap((chunk) => chunk.imports));
      const facades = new Map<string, { target: string; namespace: string }>();
      for (const chunk of chunks) {
        const match = FACADE.exec(chunk.code);
        if (!match || chunk.isEntry || staticallyImported.has(chunk.fileName)) continue;
        const [, exportList = '', , targetName = ''] = match;
        const directory = chunk.fileName.slice(0, chunk.fileName.lastIndexOf('/') + 1);
        const target = `${directory}${targetName}`;
        const namespace = namespaceOf(exportList);
        if (namespace && bundle[target]?.type === 'chunk') facades.set(chunk.fileName, { target, namespace });
      }
      if (facades.size === 0) return;
      for (const chunk of chunks) {
        if (facades.has(chunk.fileName)) continue;
        let code = chunk.code;
        for (const [fileName, { target, namespace }] of facades) {
          const base = fileName.slice(fileName.lastIndexOf('/') + 1);
          const targetBase = target.slice(target.lastIndexOf('/') + 1);
          if (!code.includes(base)) continue;
          code = code
            .replace(
              new RegExp(`import\\((["'\`])\\./${literal(base)}\\1\\)`, 'g'),
              `import($1./${targetBase}$1).then(n=>(${namespace}))`,
            )
            // vite's preload lists (`__vite__mapDeps`) name files from the output's root
            .replace(new RegExp(`(["'\`])${literal(fileName)}\\1`, 'g'), `$1${target}$1`);
          chunk.dynamicImports = chunk.dynamicImports.map((file) => (file === fileName ? target : file));
        }
        chunk.code = code;
      }
      for (const fileName of facades.keys()) {
        const base = fileName.slice(fileName.lastIndexOf('/') + 1);
        const left = chunks.find((chunk) => !facades.has(chunk.fileName) && chunk.code.includes(base));
        if (left) this.error(`${left.fileName} still names ${fileName} after its imports were pointed at its target`);
        delete bundle[fileName];
      }
    },
  };
}
