/**
 * For a route's loader: asks for its screen's data (`ask`: the screen's `primeEndpoint` calls, loaded with the
 * screen's chunk) while the router resolves the page, before React renders it; on a slow phone that render takes
 * about as long as the answers' round trip. Not on a link's hover preload (`preload`), which would ask the server
 * for data nobody may open.
 */
export function askOnLoad(preload: boolean, ask: () => Promise<unknown>): void {
  if (!preload) void ask().catch(() => undefined);
}
