import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * What the proxy `hops` in front of us recorded in a comma-separated
 * forwarding header: each proxy appends, so the value our outermost trusted
 * proxy saw is `hops` from the right. Anything further left was written by
 * the caller and is not believed. Undefined with no trusted hop.
 */
export function forwardedValue(header: string | undefined, hops: number): string | undefined {
  if (hops <= 0 || !header) return undefined;
  const values = header.split(',').map((value) => value.trim());
  return values.length >= hops ? values[values.length - hops] : undefined;
}

/** Whether the customer reached us over https: directly, or through a trusted TLS-terminating proxy. */
export function reachedOverHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const hops = c.var.deps.config.trustedProxyHops;
  return forwardedValue(c.req.header('x-forwarded-proto'), hops)?.toLowerCase() === 'https';
}
