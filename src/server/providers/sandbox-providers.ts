import type { Providers } from './providers.ts';

/** The sandbox adapter of every provider (DESIGN §4). */
export function sandboxProviders(): Providers {
  return {};
}
