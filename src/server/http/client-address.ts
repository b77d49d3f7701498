import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { forwardedFor, socketAddress } from './forwarded.ts';
import { plainAddress } from './trusted-proxies.ts';

/**
 * The address of a request that arrived without a socket (in-process
 * `app.request()` calls): all of them share this one address.
 */
export const NO_SOCKET_ADDRESS = 'no-socket';

/** The eight 16-bit groups of a valid IPv6 address, an IPv4 tail turned into two of them. */
function ipv6Groups(address: string): string[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * The key an address is limited by: an IPv4 address as it is (also when
 * written IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address by its /64, the
 * block one household or phone is given, so walking through one's own
 * block does not reset a limit. Anything else (a proxy's odd value) is kept
 * as written, lower case.
 */
export function addressKey(raw: string): string {
  const address = plainAddress(raw);
  if (isIP(address) === 4) return address;
  if (isIP(address) === 6) return `${ipv6Groups(address.toLowerCase()).slice(0, 4).join(':')}::/64`;
  return address.toLowerCase().slice(0, 100) || NO_SOCKET_ADDRESS;
}

/**
 * Who is calling, for the per-address abuse limits: when the connection
 * comes from one of TRUSTED_PROXY_ADDRESSES and TRUSTED_PROXY_HOPS = n, the
 * X-Forwarded-For entry n from the right (what our outermost trusted proxy
 * saw; entries further left are the caller's own words), else the socket's
 * peer. A request with neither is NO_SOCKET_ADDRESS.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const forwarded = forwardedFor(c);
  const raw = forwarded ?? socketAddress(c);
  return raw ? addressKey(raw) : NO_SOCKET_ADDRESS;
}
