/**
 * Write src/client/route-tree.gen.ts from the file routes (tsr.config.json),
 * as the Vite plugin does at build time, so typecheck and tests work on a
 * fresh clone before any build.
 */
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
const generator = new Generator({ config: getConfig({}, root), root });
await generator.run();
