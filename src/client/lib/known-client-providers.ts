import type { ClientProviders } from '../../domain/contract/client-providers.ts';

/**
 * The server's answer about the browser's outside services, once it has come
 * (client-providers.ts asks): a module of its own, importing nothing, so what
 * must act at once (an error beacon as the page hides) reads it without
 * putting the API client into the first load.
 */
let known: ClientProviders | undefined;

export const knownClientProviders = (): ClientProviders | undefined => known;

export function rememberClientProviders(providers: ClientProviders): void {
  known = providers;
}
