import { appendFileSync } from 'node:fs';

/** The loader's resolve hook: each resolved URL appended to IMPORTS_LOG. */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (process.env.IMPORTS_LOG) appendFileSync(process.env.IMPORTS_LOG, `${resolved.url}\n`);
  return resolved;
}
