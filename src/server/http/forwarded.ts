import type { Context } from 'hono';
import type { Config } from '../config.ts';
import type { AppEnv } from './app-env.ts';

/** The peer of the TCP connection, as @hono/node-server hands it over in `c.env.incoming`. */
export function socketAddress(c: Context<AppEnv>): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

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

/** The settings that say whose forwarding headers are believed. */
export type ProxyTrust = Pick<Config, 'trustedProxyHops' | 'trustedProxies'>;

/** Whether a connection's peer is one of our proxies, whose forwarding headers are believed (TRUSTED_PROXY_HOPS ≥ 1). */
export function isTrustedPeer(trust: ProxyTrust, peer: string | undefined): boolean {
  return trust.trustedProxyHops > 0 && peer !== undefined && trust.trustedProxies.includes(peer);
}

/** Configs whose untrusted forwarding header has been logged: one warning per server, not one per request. */
const warned = new WeakSet<object>();

/**
 * Whether the forwarding headers of this request were written by our own
 * proxies: TRUSTED_PROXY_HOPS ≥ 1 and the connection's peer is in
 * TRUSTED_PROXY_ADDRESSES. A direct caller's headers are its own words,
 * however the server is reached; the first such header a server sees while
 * it trusts hops is logged once, as a misconfiguration or a forgery.
 */
function fromTrustedProxy(c: Context<AppEnv>): boolean {
  const { config, logger } = c.var.deps;
  if (config.trustedProxyHops <= 0) return false;
  const peer = socketAddress(c);
  if (isTrustedPeer(config, peer)) return true;
  const forwarded = c.req.header('x-forwarded-for') ?? c.req.header('x-forwarded-proto');
  if (forwarded !== undefined && !warned.has(config)) {
    warned.add(config);
    logger.warn(
      { peer: peer ?? null, trusted_proxy_addresses: config.trustedProxies.entries },
      'a forwarding header came from a peer that is not a trusted proxy: it is ignored and the peer counts as the client (TRUSTED_PROXY_ADDRESSES)',
    );
  }
  return false;
}

/**
 * The client address our trusted proxies recorded in X-Forwarded-For, or
 * undefined when the request did not come through them. Behind more than
 * one hop, the entries the inner proxies wrote about the outer ones must
 * be trusted proxies too.
 */
export function forwardedFor(c: Context<AppEnv>): string | undefined {
  if (!fromTrustedProxy(c)) return undefined;
  const { trustedProxyHops: hops, trustedProxies } = c.var.deps.config;
  const values = (c.req.header('x-forwarded-for') ?? '').split(',').map((value) => value.trim());
  if (values.length < hops || values[0] === '') return undefined;
  // right of the client's entry: what each inner proxy saw of the next one out
  const innerProxies = values.slice(values.length - hops + 1);
  if (!innerProxies.every((address) => trustedProxies.includes(address))) return undefined;
  return values[values.length - hops];
}

/**
 * A header our edge writes about the client (the CDN's `cf-ipcountry`, say):
 * believed only on a request that came through our trusted proxies, since a
 * direct caller can write any header it likes.
 */
export function edgeHeader(c: Context<AppEnv>, name: string): string | undefined {
  return fromTrustedProxy(c) ? c.req.header(name) : undefined;
}
