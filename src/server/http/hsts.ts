import type { Config } from '../config.ts';
import { forwardedValue, isTrustedPeer, type ProxyTrust } from './forwarded.ts';

/** A year, subdomains included: what a browser keeps once it has seen it over https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** What decides HSTS: whose forwarding headers are believed, and the public origin our proxies serve. */
export type HstsSettings = ProxyTrust & Pick<Config, 'publicOrigin'>;

/** How a request reached this server, as far as the server itself can tell. */
export interface Arrival {
  /** TLS on our own connection */
  encrypted: boolean;
  /** the connection's peer */
  peer: string | undefined;
  /** the request's `X-Forwarded-Proto`, read only when it decides (Node's own refusals answer before any header is read) */
  forwardedProto: () => string | undefined;
}

/**
 * Whether an answer travels to the customer over https, and so carries HSTS.
 * Directly: TLS on our own connection. Through our proxies (a peer in
 * TRUSTED_PROXY_ADDRESSES, TRUSTED_PROXY_HOPS ≥ 1): always when PUBLIC_ORIGIN
 * is https, since the proxies are then that origin's TLS (production asks for
 * both, so every proxied answer carries it whether or not the proxy writes
 * `X-Forwarded-Proto`); otherwise when the trusted hop's `X-Forwarded-Proto`
 * says https. A direct caller over plain http never gets it, whatever its
 * headers or the public origin say.
 */
export function servedOverHttps(settings: HstsSettings, arrival: Arrival): boolean {
  if (arrival.encrypted) return true;
  if (!isTrustedPeer(settings, arrival.peer)) return false;
  if (settings.publicOrigin?.startsWith('https://')) return true;
  return forwardedValue(arrival.forwardedProto(), settings.trustedProxyHops)?.toLowerCase() === 'https';
}
