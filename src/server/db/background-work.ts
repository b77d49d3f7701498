import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work (the outbox's jobs): on PGlite's one
 * connection it waits behind every call that is waiting too (pglite-dialect.ts).
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the caller runs as background work. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
