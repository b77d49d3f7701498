// Loaded with `node --import` (NODE_OPTIONS) by the tracing tests: every module the process resolves through the
// ESM loader is written, one URL a line, to the file IMPORTS_LOG names.
import { register } from 'node:module';

register('./record-imports-hook.mjs', import.meta.url);
