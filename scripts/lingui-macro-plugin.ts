import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/** An import of a Lingui macro: `@lingui/core/macro`, `@lingui/react/macro` or `@lingui/macro`. */
const MACRO_IMPORT = /['"]@lingui\/(?:core\/|react\/)?macro['"]/;
/** Our TypeScript sources, also with a query (the router's split chunks: `x.tsx?tsr-split=component`). */
const SOURCE_ID = /\.tsx?(?:$|\?)/;
const NODE_MODULES = /[/\\]node_modules[/\\]/;

/**
 * Compiles Lingui macros with Babel (`@lingui/babel-plugin-lingui-macro`) in
 * our own .ts/.tsx files that import one, before Vite strips types and JSX.
 *
 * Why our own plugin: @vitejs/plugin-react 6 has no babel option, and
 * @rolldown/plugin-babel requires Node 22 while we support Node 20.19.
 * Babel's parser reads TypeScript and JSX by itself (`parserOpts.plugins`),
 * so no preset is needed: the output keeps its types and JSX for Vite.
 */
export function linguiMacro(): Plugin {
  return {
    name: 'sarraf-lingui-macro',
    enforce: 'pre',
    transform: {
      filter: { id: { include: SOURCE_ID, exclude: NODE_MODULES }, code: MACRO_IMPORT },
      async handler(code, id) {
        const file = id.split('?', 1)[0] ?? id;
        if (id.startsWith('\0') || NODE_MODULES.test(file) || !/\.tsx?$/.test(file) || !MACRO_IMPORT.test(code)) {
          return null;
        }
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { sourceType: 'module', plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        if (!result?.code) return null;
        return { code: result.code, map: result.map ?? null };
      },
    },
  };
}
